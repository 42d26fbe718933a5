"""The read-your-writes client of Benchmarks/instances.sh (issue 25): a write on one instance,
then the list on another instance of the same PostgreSQL database.

    python3 Benchmarks/instances_client.py next-page PORT_A PORT_B COOKIE TOKEN WRITES

Makes WRITES writes one after another on A (`PUT /items/{key}.json` with the API token,
renaming one of the first 50 items to a name no earlier run gave), and after each write's
response asks B for the signed-in list (`GET /items`, the browser's COOKIE), again and again
until the page holds the new name. Prints how often B's first page already had it, the time
from A's response to the page on B that had it (p50, p99, worst), and B's request latency.
The store's rule is that an instance catches up with the others' writes before it answers,
so the first page should always have it.
"""
import json, os, socket, sys, time

from events_client import exchange


def percentiles(values):
    values = sorted(values)
    p = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    return f"p50 {p(0.5):.2f} ms  p99 {p(0.99):.2f} ms  worst {values[-1]:.2f} ms"


def next_page(port_a, port_b, cookie, token, writes):
    a = socket.create_connection(("127.0.0.1", port_a))
    b = socket.create_connection(("127.0.0.1", port_b))
    for sock in (a, b):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    auth = f"Host: 127.0.0.1:{port_a}\r\nAuthorization: Bearer {token}\r\n"
    status, body = exchange(a, f"GET /items.json HTTP/1.1\r\n{auth}\r\n".encode())
    assert status == 200, body[:300]
    items = json.loads(body)["items"][:50]
    page = f"GET /items HTTP/1.1\r\nHost: 127.0.0.1:{port_b}\r\nCookie: {cookie}\r\n\r\n".encode()

    run = os.urandom(3).hex()
    until_seen, first_request, retries, misses = [], [], 0, 0
    for index in range(writes):
        item = items[index % len(items)]
        name = f"Lamp {run} {index}"
        payload = json.dumps({"name": name, "serialNumber": item["serialNumber"],
                              "valueInDollars": item["valueInDollars"], "version": item["version"]}).encode()
        request = (f"PUT /items/{item['key']}.json HTTP/1.1\r\n{auth}Content-Type: application/json\r\n"
                   f"Content-Length: {len(payload)}\r\n\r\n").encode() + payload
        status, body = exchange(a, request)
        answered = time.monotonic()
        assert status == 200, body[:300]
        item.update(version=json.loads(body)["version"])
        seen, attempt = None, 0
        while seen is None and time.monotonic() < answered + 5:
            began = time.monotonic()
            status, body = exchange(b, page)
            ended = time.monotonic()
            assert status == 200, body[:300]
            if attempt == 0:
                first_request.append((ended - began) * 1000)
            if name.encode() in body:
                seen = ended
            else:
                retries += attempt == 0
                attempt += 1
        if seen is None:
            misses += 1
        else:
            until_seen.append((seen - answered) * 1000)

    print(f"{writes} writes on A, each followed by GET /items on B: B's first page had the change "
          f"{writes - retries} times ({retries} needed another request, {misses} not within 5 s)")
    print(f"  from A's response to B's page with it: {percentiles(until_seen)}")
    print(f"  B's first GET /items after the write:  {percentiles(first_request)}")
    p99 = sorted(until_seen)[min(len(until_seen) - 1, int(0.99 * len(until_seen)))]
    print(f"  p99 {p99:.1f} ms: target within 50 ms " + ("PASS" if p99 < 50 and misses == 0 else "FAIL"))


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "next-page":
        next_page(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
    else:
        sys.exit(__doc__)
