"""The load of Benchmarks/busy.sh (issue 21): a busy server must still let its owner in.

    python3 Benchmarks/busy_client.py A|B|C BASE_URL PASSWORD SERVER_PID WORK_DIR

Each part runs its load and its probes in separate processes (forked), so that the probes'
timings never wait for the load generator's GIL; every HTTP exchange is a hand-written
HTTP/1.1 request over a blocking keep-alive socket, much cheaper than http.client, so that
the generator leaves the 2-core machine's CPU to the server. Prints each figure beside its
target with PASS or FAIL, and the CPU used by the server, the generator and everyone else;
exits 1 on a FAIL. Durations and sizes come from the environment (see busy.sh).
"""
import collections, math, multiprocessing, os, random, re, resource, socket, struct, sys, threading, time
import urllib.parse, uuid, zlib

part, base, password, server_pid, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
host, port = base[len("http://"):].split(":")
port = int(port)
env = lambda name, default: type(default)(os.environ.get(name, default))
FLOOD = env("FLOOD", 40)                        # A: viewer connections looping the report
A_SECONDS = env("A_SECONDS", 20.0)
ROWS = env("ITEMS", 100000)                     # B: rows imported (A's store is seeded with as many)
UPLOADS = env("UPLOADS", 30)                    # C: concurrent photo uploads
C_SECONDS = env("C_SECONDS", 15.0)
SIDE = env("PIXELS", 10000)                     # C: the PNG is SIDE × SIDE
SIGN_IN_EVERY = env("SIGN_IN_EVERY", 0.5)       # A, B: an owner sign-in every … s
PROBE_EVERY = env("PROBE_EVERY", 0.05)          # the latency probe's pace, s
# The floods stand for clients on other machines: niced, they take the CPU the server leaves
# instead of the server's own (its event loops run at 0) or the probes' (also at 0).
LOAD_NICE = env("LOAD_NICE", 10)
SIGN_IN_TARGET, HEALTH_TARGET, SIGN_IN_PAGE_TARGET = 2.0, 0.100, 0.200
now = time.monotonic


# MARK: - HTTP/1.1 over one blocking socket

class Connection:
    """One keep-alive connection; `exchange` sends a request and reads the whole response."""

    def __init__(self, timeout=30.0):
        self.timeout, self.sock, self.buffer = timeout, None, bytearray()

    def close(self):
        if self.sock is not None:
            try: self.sock.close()
            except OSError: pass
        self.sock, self.buffer = None, bytearray()

    def exchange(self, request, keep_body=True):
        """(status, {lowercase name: [values]}, body or b"" unless kept, body length)."""
        if self.sock is None:
            self.sock = socket.create_connection((host, port), timeout=self.timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            self.sock.sendall(request)
            lines = self._until(b"\r\n\r\n").decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ", 2)[1])
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers.setdefault(name.strip().lower(), []).append(value.strip())
            parts, length = [], 0
            if "content-length" in headers:
                length = int(headers["content-length"][0])
                self._read(length, parts if keep_body else None)
            elif "chunked" in ",".join(headers.get("transfer-encoding", [])).lower():
                while True:
                    size = int(self._until(b"\r\n").split(b";")[0], 16)
                    if size == 0:
                        while self._until(b"\r\n"): pass  # trailers, then the empty line
                        break
                    self._read(size, parts if keep_body else None)
                    self._until(b"\r\n")
                    length += size
            if "close" in ",".join(headers.get("connection", [])).lower(): self.close()
            return status, headers, b"".join(parts), length
        except BaseException:
            self.close()
            raise

    def _fill(self):
        chunk = self.sock.recv(262144)
        if not chunk: raise ConnectionError("the server closed the connection")
        self.buffer += chunk

    def _until(self, marker):
        start = 0
        while True:
            index = self.buffer.find(marker, start)
            if index >= 0:
                found = bytes(self.buffer[:index])
                del self.buffer[:index + len(marker)]
                return found
            start = max(0, len(self.buffer) - len(marker) + 1)
            self._fill()

    def _read(self, count, parts):
        while count > 0:
            if not self.buffer: self._fill()
            take = min(count, len(self.buffer))
            if parts is not None: parts.append(bytes(self.buffer[:take]))
            del self.buffer[:take]
            count -= take


def get(path, cookie=None):
    head = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
    if cookie: head += f"Cookie: {cookie}\r\n"
    return (head + "\r\n").encode()


def post(path, body, content_type, cookie=None):
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nOrigin: {base}\r\n"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n")
    if cookie: head += f"Cookie: {cookie}\r\n"
    return (head + "\r\n").encode() + body


def remember(jar, headers):
    for value in headers.get("set-cookie", []):
        name, _, rest = value.partition("=")
        jar[name.strip()] = rest.split(";")[0]
    return jar


def cookie(jar):
    return "; ".join(f"{name}={value}" for name, value in jar.items())


def csrf(page):
    return re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()


def multipart(fields, file_field=None, filename=None, file_type=None, file_bytes=None):
    boundary = uuid.uuid4().hex
    body = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                    for name, value in fields.items())
    if file_field:
        body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{filename}"\r\n'
                 f'Content-Type: {file_type}\r\n\r\n').encode() + file_bytes + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def sign_in(username):
    """A new browser signs in through the form: GET /sign-in, then POST. Returns
    (status of the POST, seconds for the GET, seconds for the POST, cookie jar)."""
    connection = Connection(timeout=60)
    try:
        start = now()
        status, headers, page, _ = connection.exchange(get("/sign-in"))
        page_time = now() - start
        if status != 200: return status, page_time, 0.0, {}
        jar = remember({}, headers)
        body = urllib.parse.urlencode({"_csrf": csrf(page), "username": username, "password": password,
                                       "next": "/items"}).encode()
        start = now()
        status, headers, _, _ = connection.exchange(post("/sign-in", body, "application/x-www-form-urlencoded", cookie(jar)))
        return status, page_time, now() - start, remember(jar, headers)
    finally:
        connection.close()


# MARK: - Probes and load, each in its own process

def owner_sign_ins(stop, results):
    """Every SIGN_IN_EVERY s (or right after the previous one if that took longer), the
    owner signs in from a fresh cookie jar; each: (when, status or error, GET s, POST s)."""
    samples = []
    while not stop.is_set():
        when = now()
        try:
            status, page_time, post_time, _ = sign_in("owner")
            samples.append((when, status, page_time, post_time))
        except Exception as error:
            samples.append((when, type(error).__name__, 0.0, now() - when))
        stop.wait(max(0.0, when + SIGN_IN_EVERY - now()))
    results.put(("sign-ins", samples, cpu_seconds()))


def probe(path, stop, results):
    """`GET path` every PROBE_EVERY s on one keep-alive connection: (when, status or error, s).
    Also how late the probe itself woke from its pause: if the machine kept the probe waiting
    for a core, its slowest answers say as much about the client as about the server."""
    connection, samples, request, late = Connection(timeout=30), [], get(path), 0.0
    while not stop.is_set():
        when = now()
        try:
            status, _, _, _ = connection.exchange(request, keep_body=False)
            samples.append((when, status, now() - when))
        except Exception as error:
            samples.append((when, type(error).__name__, now() - when))
        due = when + PROBE_EVERY  # after a slow answer, the next right away (no burst to catch up)
        if due > now():
            stop.wait(due - now())
            late = max(late, now() - due)
    connection.close()
    results.put(("probe " + path, samples, cpu_seconds()))
    results.put(("late " + path, late, 0.0))  # a second answer: see `run`


def report_flood(session, stop, results):
    """FLOOD connections, all as the viewer, each looping GET /items/report without pause."""
    os.nice(LOAD_NICE)
    statuses, reports, lock = collections.Counter(), [], threading.Lock()
    request = get("/items/report", session)

    def loop():
        connection = Connection(timeout=120)
        while not stop.is_set():
            start = now()
            try:
                status, _, _, length = connection.exchange(request, keep_body=False)
            except Exception as error:
                status, length = type(error).__name__, 0
            with lock:
                statuses[status] += 1
                if status == 200: reports.append((now() - start, length, now()))
        connection.close()

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(FLOOD)]
    for thread in threads: thread.start()
    stop.wait()
    join(threads, 2)
    with lock:
        summary = {"statuses": dict(statuses), "reports": list(reports),
                   "unfinished": sum(thread.is_alive() for thread in threads)}
    results.put(("flood", summary, cpu_seconds()))


def upload_flood(session, token, items, photo, stop, results):
    """UPLOADS connections, each uploading the PNG to its own item's dialog (Upload) in a loop."""
    os.nice(LOAD_NICE)
    statuses, times, said, lock = collections.Counter(), [], {}, threading.Lock()

    def loop(item):
        connection = Connection(timeout=600)
        body, content_type = multipart(
            {"_csrf": token, "version": item["version"], "name": item["name"], "serialNumber": item["serialNumber"],
             "value": item["valueInDollars"], "action": "upload"},
            "photo", "huge.png", "image/png", photo)
        request = post(f"/items/{item['key']}", body, content_type, session)
        while not stop.is_set():
            start = now()
            try:
                status, headers, page, _ = connection.exchange(request)
                answer = headers.get("location", [""])[0] or message(page)
            except Exception as error:
                status, answer = type(error).__name__, str(error)
            with lock:
                if stop.is_set() and not isinstance(status, int): break  # cut off by the end of the run
                statuses[status] += 1
                times.append(now() - start)
                said.setdefault(status, answer)
        connection.close()

    threads = [threading.Thread(target=loop, args=(item,), daemon=True) for item in items]
    for thread in threads: thread.start()
    stop.wait()
    join(threads, 1)
    with lock:
        summary = {"statuses": dict(statuses), "times": list(times), "said": dict(said),
                   "unfinished": sum(thread.is_alive() for thread in threads)}
    results.put(("flood", summary, cpu_seconds()))


def join(threads, seconds):
    """Waits at most `seconds` in all for the threads to end; those still blocked on a long
    answer are daemons, cut off when the process exits."""
    deadline = now() + seconds
    for thread in threads: thread.join(timeout=max(0.0, deadline - now()))


def message(page):
    """What an error page or a dialog's photo error says, as text."""
    found = re.search(rb'class="field__error[^"]*"[^>]*>(.*?)</p>', page, re.S) or re.search(rb"<title>(.*?)</title>", page, re.S)
    return re.sub(r"\s+", " ", found.group(1).decode(errors="replace")).strip() if found else page[:120].decode(errors="replace")


# MARK: - Measuring

def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def server_cpu():
    with open(f"/proc/{server_pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy():
    """CPU seconds every core of the machine spent busy (not idle or waiting for I/O)."""
    with open("/proc/stat") as stat:
        ticks = [int(value) for value in stat.readline().split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)] if ordered else float("nan")


failures = []
started = now()  # the beginning of the measured window, for the times of the slowest probes
lates = {}  # path: how late its probe woke up at worst


def check(label, value, target, unit="ms", passed=None):
    """Prints a figure beside its target; a FAIL is remembered for the exit status."""
    passed = value <= target if passed is None else passed
    shown = f"{value * 1000:.0f} ms" if unit == "ms" else str(value)
    bound = f"≤ {target * 1000:.0f} ms" if unit == "ms" else str(target)
    print(f"  {label:<46} {shown:>10}   target {bound:<10} {'PASS' if passed else 'FAIL'}")
    if not passed: failures.append(f"{part}: {label}")


def run(loads, body):
    """Starts the load and probe processes, runs `body` (the part's own steps, which return
    when the measured window is over), stops them and returns their results, the wall
    time and the CPU used meanwhile by the server, the generator and the machine."""
    context = multiprocessing.get_context("fork")
    stop, results = context.Event(), context.Queue()
    # Daemons: if `body` fails (a script bug, a server that answers wrongly), they end with us.
    processes = [context.Process(target=target, args=(*args, stop, results), daemon=True) for target, args in loads]
    global started
    before = (now(), server_cpu(), machine_busy(), cpu_seconds())
    started = before[0]
    for process in processes: process.start()
    try:
        extra = body()
    finally:
        stop.set()
    collected = {}
    for _ in range(len(processes) + sum(target is probe for target, _ in loads)):
        name, value, cpu = results.get(timeout=120)
        collected[name] = value
        collected["cpu " + name] = cpu
    for process in processes: process.join(timeout=10)
    wall, server, machine = now() - before[0], server_cpu() - before[1], machine_busy() - before[2]
    generator = sum(value for name, value in collected.items() if name.startswith("cpu ")) + cpu_seconds() - before[3]
    lates.update({name[len("late "):]: value for name, value in collected.items() if name.startswith("late ")})
    others = max(0.0, machine - server - generator)
    cpu = (f"  CPU over {wall:.1f} s: server {server:.1f} s ({server / wall:.2f} cores), load generator "
           f"{generator:.1f} s ({generator / wall:.2f} cores), others {others:.1f} s ({others / wall:.2f} cores) "
           f"of {os.cpu_count()} cores")
    return collected, extra, cpu


def sign_in_figures(samples, label=""):
    """The owner's sign-ins against their target: each a 303 within 2 s."""
    statuses = collections.Counter(status for _, status, _, _ in samples)
    posts = [post_time for _, _, _, post_time in samples]
    pages = [page_time for _, _, page_time, _ in samples]
    print(f"  owner sign-ins{label}: {len(samples)}, answers {dict(statuses)}; "
          f"GET /sign-in before each: p50 {percentile(pages, .5) * 1000:.0f} ms, max {max(pages, default=0) * 1000:.0f} ms")
    check(f"owner sign-ins answered 303{label}", statuses.get(303, 0), len(samples), unit="count",
          passed=bool(samples) and statuses.get(303, 0) == len(samples))
    check(f"owner POST /sign-in p50{label}", percentile(posts, .5), SIGN_IN_TARGET)
    check(f"owner POST /sign-in max{label}", max(posts, default=float("inf")), SIGN_IN_TARGET)


def probe_figures(path, samples, target, quantiles, label=""):
    statuses = collections.Counter(status for _, status, _ in samples)
    times = [elapsed for _, _, elapsed in samples]
    slowest = sorted(samples, key=lambda sample: -sample[2])[:3]
    late = f"; the probe woke from its pauses up to {lates[path] * 1000:.0f} ms late" if path in lates else ""
    print(f"  GET {path}{label}: {len(samples)} probes, answers {dict(statuses)}, p50 {percentile(times, .5) * 1000:.1f} ms; "
          f"slowest {', '.join(f'{elapsed * 1000:.0f} ms at {when - started:.1f} s' for when, _, elapsed in slowest)}{late}")
    check(f"GET {path} answered 200{label}", statuses.get(200, 0), len(samples), unit="count",
          passed=bool(samples) and statuses.get(200, 0) == len(samples))
    for name, fraction in quantiles:
        check(f"GET {path} {name}{label}", percentile(times, fraction) if fraction < 1 else max(times, default=float("inf")), target)


# MARK: - The parts

def part_a():
    print(f"A. report flood: {FLOOD} viewer connections loop GET /items/report on {ROWS} items for {A_SECONDS:.0f} s; "
          f"the owner signs in every {SIGN_IN_EVERY} s; GET /health every {PROBE_EVERY * 1000:.0f} ms; the flood at nice {LOAD_NICE}")
    status, _, _, jar = sign_in("viewer")
    assert status == 303, f"the viewer could not sign in: {status}"
    collected, _, cpu = run([(report_flood, (cookie(jar),)), (owner_sign_ins, ()), (probe, ("/health",))],
                            lambda: time.sleep(A_SECONDS))
    flood = collected["flood"]
    times = [seconds for seconds, _, _ in flood["reports"]]
    sizes = [length for _, length, _ in flood["reports"]]
    print(f"  report answers to the viewer: {flood['statuses']} ({sum(flood['statuses'].values()) / A_SECONDS:.0f}/s); "
          f"the 200s ({min(sizes, default=0) / 1e6:.1f}–{max(sizes, default=0) / 1e6:.1f} MB) took p50 "
          f"{percentile(times, .5):.1f} s, max {max(times, default=0):.1f} s; {flood['unfinished']} cut off at the end")
    if os.environ.get("VERBOSE"):
        print("  reports ended at " + ", ".join(f"{end - started:.1f}" for _, _, end in flood["reports"]) + " s")
    sign_in_figures(collected["sign-ins"])
    probe_figures("/health", collected["probe /health"], HEALTH_TARGET, [("p99", .99), ("max", 1.0)])
    print(cpu)


def part_b():
    print(f"B. import: {ROWS} rows uploaded, previewed and confirmed (chunks of 1,000 rows); meanwhile the owner "
          f"signs in every {SIGN_IN_EVERY} s and GET /health every {PROBE_EVERY * 1000:.0f} ms")
    status, _, _, jar = sign_in("owner")
    assert status == 303, f"the owner could not sign in: {status}"
    session, connection = cookie(jar), Connection(timeout=900)
    status, _, export, _ = connection.exchange(get("/items.csv", session))
    assert status == 200, f"GET /items.csv: {status}"
    header = export.decode("utf-8-sig").splitlines()[0]
    total_before = items_total(connection, session)
    data = csv_like_the_export(header)
    status, _, page, _ = connection.exchange(get("/items/import", session))
    token = csrf(page)
    steps = {}

    def import_all():
        start = now()
        body, content_type = multipart({"_csrf": token}, "file", "items.csv", "text/csv", data)
        status, headers, _, _ = connection.exchange(post("/items/import", body, content_type, session))
        assert status == 303, f"upload: {status}"
        location = headers["location"][0]
        steps["upload"] = (start, now())
        status, _, page, _ = connection.exchange(get(location, session))
        assert status == 200 and b"will be refused" not in page, f"preview: {status}"
        steps["preview"] = (steps["upload"][1], now())
        body = urllib.parse.urlencode({"_csrf": csrf(page)}).encode()
        status, _, _, _ = connection.exchange(post(location, body, "application/x-www-form-urlencoded", session))
        steps["confirm"] = (steps["preview"][1], now())
        return status

    collected, confirm_status, cpu = run([(owner_sign_ins, ()), (probe, ("/health",))], import_all)
    took = {step: end - start for step, (start, end) in steps.items()}
    total_after = items_total(connection, session)
    print(f"  {len(data) / 1e6:.1f} MB CSV: upload {took['upload']:.1f} s, preview {took['preview']:.1f} s, "
          f"confirm {took['confirm']:.1f} s (answered {confirm_status})")
    check("import confirmed (303)", confirm_status, 303, unit="count", passed=confirm_status == 303)
    check("items afterwards (GET /items.json total)", total_after, total_before + ROWS, unit="count",
          passed=total_after == total_before + ROWS)
    # A sample counts for the confirm if it overlapped it (a sign-in begun just before it, too).
    start, end = steps["confirm"]
    overlapping = lambda samples: [sample for sample in samples if sample[0] < end and sample[0] + sum(sample[2:]) > start]
    sign_ins, probes = overlapping(collected["sign-ins"]), overlapping(collected["probe /health"])
    if sign_ins and probes:
        sign_in_figures(sign_ins, " (confirm)")
        probe_figures("/health", probes, HEALTH_TARGET, [("p99", .99), ("max", 1.0)], " (confirm)")
    else:
        print(f"  the confirm ({took['confirm']:.1f} s) was too short for the probes' pace: judged over the whole import only")
    print("  over the whole import (upload, preview, confirm):")
    sign_in_figures(collected["sign-ins"], " (all)")
    probe_figures("/health", collected["probe /health"], HEALTH_TARGET, [("p99", .99), ("max", 1.0)], " (all)")
    print(cpu)


def items_total(connection, session):
    import json
    status, _, body, _ = connection.exchange(get("/items.json", session))
    assert status == 200, f"GET /items.json: {status}"
    return json.loads(body)["total"]


def csv_like_the_export(header):
    """ROWS rows with the export's columns (`header`, as GET /items.csv wrote it): names and
    serial numbers as Add makes them, a value, a date, the position, "no" photo, a new key."""
    assert header.split(",")[0] == "name" and len(header.split(",")) == 7, f"unexpected export header: {header}"
    rng, letters = random.Random(21), "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    lines = [header]
    for row in range(ROWS):
        name = f"{rng.choice(['Fluffy', 'Rusty', 'Shiny'])} {rng.choice(['Bear', 'Spark', 'Mac'])}"
        serial = "".join(rng.choice("0123456789") if i % 2 == 0 else rng.choice(letters) for i in range(5))
        date = f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"
        lines.append(f"{name},{serial},{rng.randint(0, 99)},{date},{row + 1},no,{uuid.UUID(int=rng.getrandbits(128), version=4)}")
    return ("\r\n".join(lines) + "\r\n").encode()


def part_c():
    import json
    photo = huge_png(SIDE)
    print(f"C. pixel flood: {UPLOADS} connections upload a {SIDE}×{SIDE} PNG ({len(photo) / 1e3:.0f} KB) to an item's "
          f"dialog in a loop for {C_SECONDS:.0f} s at nice {LOAD_NICE}; anonymous GET /sign-in every {PROBE_EVERY * 1000:.0f} ms")
    status, _, _, jar = sign_in("owner")
    assert status == 303, f"the owner could not sign in: {status}"
    session, connection = cookie(jar), Connection(timeout=60)
    status, _, body, _ = connection.exchange(get("/items.json", session))
    items = json.loads(body)["items"][:UPLOADS]
    assert len(items) == UPLOADS, f"the store needs {UPLOADS} items"
    status, _, page, _ = connection.exchange(get(f"/items/{items[0]['key']}", session))
    token = csrf(page)
    connection.close()
    collected, _, cpu = run([(upload_flood, (session, token, items, photo)), (probe, ("/sign-in",))],
                            lambda: time.sleep(C_SECONDS))
    flood = collected["flood"]
    times = flood["times"]
    print(f"  upload answers: {flood['statuses']}, each p50 {percentile(times, .5):.1f} s, max {max(times, default=0):.1f} s; "
          f"{flood['unfinished']} still queued or running at the end (cut off)")
    for status, said in flood["said"].items(): print(f"    {status}: {said}")
    probe_figures("/sign-in", collected["probe /sign-in"], SIGN_IN_PAGE_TARGET, [("p99", .99)])
    print(cpu)


def huge_png(side):
    """A valid side × side 8-bit RGB PNG of one colour (every row filter 0), made with zlib."""
    path = os.path.join(work, f"huge-{side}.png")
    if os.path.exists(path): return open(path, "rb").read()
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + b"\x40\x80\xc0" * side
    compressor, parts, rows_per_batch = zlib.compressobj(9), [], max(1, 3_000_000 // len(row))
    for first in range(0, side, rows_per_batch):
        parts.append(compressor.compress(row * min(rows_per_batch, side - first)))
    parts.append(compressor.flush())
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))
    open(path, "wb").write(png)
    return png


{"A": part_a, "B": part_b, "C": part_c}[part]()
if failures:
    print(f"  {part}: {len(failures)} target(s) FAILED")
    sys.exit(1)
