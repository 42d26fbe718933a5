"""The clients of Benchmarks/events.sh (issue 25 point 4): many idle pages on /events, and
how long a write takes to reach an open page.

    python3 Benchmarks/events_client.py hold PORT COOKIE COUNT READY_FILE
    python3 Benchmarks/events_client.py latency PORT COOKIE TOKEN WRITES [STREAM_PORT]

`hold` opens COUNT `GET /events` streams with the signed-in browser's COOKIE and keeps them
open, idle, until it is sent SIGTERM. The server takes at most 16 streams per client address
(a newer one closes the oldest), as it must: so each socket is bound to a source address of
its own block of 127.0.0.0/8 (127.1.x.y, PER_ADDRESS streams each, 10 by default), which
Linux routes to the loopback without any set-up, and the real caps stay on. It opens them
BATCH (200) at a time, each batch's heads read before the next connects, and writes
"ready N" to READY_FILE when N streams are open. It only reads (and drops) what arrives, so it
costs the machine's CPU next to nothing while the streams are idle.

`latency` opens one stream, then makes WRITES writes one after another (`PUT
/items/{key}.json` with the API token, renaming one of the first 50 items), and for each
times how long after the write's response, and after its request began, the stream
delivers the event naming that item. Prints p50, p99 and the worst of both. With
STREAM_PORT, the stream is opened on that port (another instance on the same PostgreSQL
database: Benchmarks/instances.sh), the writes still go to PORT.
"""
import asyncio, json, os, resource, signal, socket, statistics, sys, threading, time

PER_ADDRESS = int(os.environ.get("PER_ADDRESS", 10))
BATCH = int(os.environ.get("BATCH", 200))


def raise_file_limit(wanted):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(wanted, soft)), hard))
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        sys.exit(f"the open-file limit ({soft}) is under the {wanted} descriptors needed; raise it (ulimit -n)")


def source_address(index):
    block = 256 + index // PER_ADDRESS          # 127.1.0.0 onwards: never the server's 127.0.0.1
    return f"127.{block >> 16 & 255}.{block >> 8 & 255}.{block & 255}"


class Drop(asyncio.Protocol):
    """A stream's connection: checks the head, then drops whatever comes (heartbeats)."""

    def __init__(self, opened):
        self.opened, self.head = opened, bytearray()

    def data_received(self, data):
        if self.opened.done():
            return
        self.head += data
        if b"\r\n\r\n" in self.head:
            status = self.head.split(b" ", 2)[1]
            if status == b"200":
                self.opened.set_result(True)
            else:
                self.opened.set_exception(RuntimeError(f"/events answered {self.head[:200]!r}"))

    def connection_lost(self, exc):
        if not self.opened.done():
            self.opened.set_exception(RuntimeError(f"closed before the head: {exc}"))
        elif not STOPPING:
            LOST.append(exc)


STOPPING = False
LOST = []


async def hold(port, cookie, count, ready_file):
    raise_file_limit(count + 256)
    loop = asyncio.get_running_loop()
    request = (f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
               f"Cookie: {cookie}\r\n\r\n").encode()
    transports = []

    async def open_one(index):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((source_address(index), 0))
        await loop.sock_connect(sock, ("127.0.0.1", port))
        opened = loop.create_future()
        transport, _ = await loop.create_connection(lambda: Drop(opened), sock=sock)
        transport.write(request)
        await asyncio.wait_for(opened, 30)
        transports.append(transport)

    started = time.monotonic()
    for first in range(0, count, BATCH):
        await asyncio.gather(*(open_one(index) for index in range(first, min(count, first + BATCH))))
    took = time.monotonic() - started
    with open(ready_file, "w") as file:
        file.write(f"ready {len(transports)} {took:.2f}\n")
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    global STOPPING
    STOPPING = True
    with open(ready_file, "a") as file:
        file.write(f"lost {len(LOST)}\n")
    for transport in transports:
        transport.close()


def exchange(sock, request):
    """Sends a request on a keep-alive socket; returns (status, body)."""
    sock.sendall(request)
    data = bytearray()
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("closed")
        data += chunk
    head, _, body = bytes(data).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
    body = bytearray(body)
    while len(body) < length:
        body += sock.recv(65536)
    return status, bytes(body)


def latency(port, cookie, token, writes, stream_port=None):
    stream_port = stream_port or port
    api = socket.create_connection(("127.0.0.1", port))
    api.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    auth = f"Host: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
    status, body = exchange(api, f"GET /items.json HTTP/1.1\r\n{auth}\r\n".encode())
    assert status == 200, body[:300]
    items = json.loads(body)["items"][:50]

    # The page: one stream, read on its own thread; each event's arrival time is noted.
    arrivals, lock, ready = {}, threading.Condition(), threading.Event()

    def listen():
        sock = socket.create_connection(("127.0.0.1", stream_port))
        sock.sendall((f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{stream_port}\r\nAccept: text/event-stream\r\n"
                      f"Cookie: {cookie}\r\n\r\n").encode())
        buffer = bytearray()
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return
            at = time.monotonic()
            buffer += chunk
            if not ready.is_set() and b"\r\n\r\n" in buffer:
                head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
                assert b" 200 " in head.split(b"\r\n")[0] + b" ", head
                buffer = bytearray(rest)
                ready.set()
            while b"\n\n" in buffer:
                block, _, rest = bytes(buffer).partition(b"\n\n")
                buffer = bytearray(rest)
                for line in block.split(b"\n"):
                    if line.startswith(b"data:"):
                        change = json.loads(line[5:])
                        with lock:
                            for key in change.get("items", []):
                                arrivals[(key, change["revision"])] = at
                            lock.notify_all()

    threading.Thread(target=listen, daemon=True).start()
    ready.wait(10)
    after_response, after_request, misses = [], [], 0
    run = os.urandom(3).hex()  # a name no earlier run gave: a write that changes nothing names no item
    for index in range(writes):
        item = items[index % len(items)]
        payload = json.dumps({"name": f"Lamp {run} {index}", "serialNumber": item["serialNumber"],
                              "valueInDollars": item["valueInDollars"], "version": item["version"]}).encode()
        request = (f"PUT /items/{item['key']}.json HTTP/1.1\r\n{auth}Content-Type: application/json\r\n"
                   f"Content-Length: {len(payload)}\r\n\r\n").encode() + payload
        began = time.monotonic()
        status, body = exchange(api, request)
        answered = time.monotonic()
        assert status == 200, body[:300]
        updated = json.loads(body)
        item.update(version=updated["version"])
        key = item["key"].lower()
        with lock:
            # The event names the item; its revision is the first after what the page had.
            deadline = answered + 5
            found = None
            while found is None and time.monotonic() < deadline:
                found = next((at for (k, _), at in arrivals.items() if k == key), None)
                if found is None:
                    lock.wait(0.5)
            arrivals.clear()
        if found is None:
            misses += 1
            continue
        after_response.append(max(0.0, found - answered) * 1000)
        after_request.append((found - began) * 1000)

    if not after_response:
        sys.exit(f"none of the {writes} writes was seen on the stream")

    def summary(values):
        values = sorted(values)
        p = lambda q: values[min(len(values) - 1, int(q * len(values)))]
        return f"p50 {p(0.5):.2f} ms  p99 {p(0.99):.2f} ms  worst {values[-1]:.2f} ms"

    print(f"{len(after_response)} of {writes} writes seen on the stream ({misses} not within 5 s)")
    print(f"  from the write's response: {summary(after_response)}")
    print(f"  from the write's request:  {summary(after_request)}")
    p99 = sorted(after_request)[min(len(after_request) - 1, int(0.99 * len(after_request)))]
    print(f"  p99 (from the request) {p99:.1f} ms: target < 250 ms " + ("PASS" if p99 < 250 and misses == 0 else "FAIL"))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "hold":
        asyncio.run(hold(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]))
    elif command == "latency":
        latency(int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]),
                int(sys.argv[6]) if len(sys.argv) > 6 else None)
    else:
        sys.exit(__doc__)
