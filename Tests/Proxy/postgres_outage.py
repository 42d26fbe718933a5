"""PostgreSQL stopped for 10 s under 64 writers (issue 25 point 5), run by postgres-outage.sh.

64 threads write, half to instance A and half to B, for HP_SECONDS (25) seconds: 56 through the
JSON API with a token, each creating items (`POST /items.json`, a new name each time) and
editing an item of its own (`PUT /items/{key}.json` with its version), and 8 as signed-in
browsers without JavaScript (Add, then Done on the draft with a new name). HP_OUTAGE_AT seconds in,
`HP_STOP` stops PostgreSQL; HP_OUTAGE_SECONDS (10) later `HP_START` starts it again. Then:

- every answer is 2xx, or 503 with `Retry-After` (a 409 only for a PUT after one that failed,
  which may have committed before its answer was lost); no 500, no connection error;
- no request takes longer than 6 s (the issue: never a hang longer than 5 s);
- every request sent while the server was down is 503;
- after it is back, every writer's writes succeed again, the instances never restarted;
- every acknowledged create is in the database (read with psql: HP_PSQL, HP_DATABASE) with its
  name, and every writer's item holds its last acknowledged edit or one sent after it.
"""
import collections
import http.client
import json
import os
import subprocess
import sys
import threading
import time
import uuid

from homepwner_client import Client, csrf, form_action, form_fields

BASES = [os.environ["HP_A"], os.environ["HP_B"]]
TOKEN = os.environ["HP_TOKEN"]
WRITERS = int(os.environ.get("HP_WRITERS", "64"))
SECONDS = float(os.environ.get("HP_SECONDS", "25"))
OUTAGE_AT = float(os.environ.get("HP_OUTAGE_AT", "7"))
OUTAGE_SECONDS = float(os.environ.get("HP_OUTAGE_SECONDS", "10"))
MAX_LATENCY = 6.0
RECOVERY = 10.0  # every writer must have succeeded again this long after the server is back

Answer = collections.namedtuple("Answer", "writer method started seconds status retry_after note")


class Writer(threading.Thread):
    def __init__(self, number, deadline, answers):
        super().__init__(daemon=True)
        self.number = number
        self.base = BASES[number % len(BASES)]
        host, port = self.base.split("//")[1].split(":")
        self.address = (host, int(port))
        self.deadline = deadline
        self.answers = answers
        self.connection = None
        self.created = []  # (key, name) of acknowledged creates
        self.item = None  # this writer's own item: key
        self.version = None
        self.acknowledged_edit = None  # (name, version) of the last acknowledged PUT
        self.sent_since = []  # names of PUTs sent after it (not acknowledged)
        self.ambiguous = False  # a PUT failed: it may have committed
        self.unexpected_conflicts = []  # 409s with no failed PUT before them

    def call(self, method, path, body):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(*self.address, timeout=15)
        started = time.monotonic()
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
            answer = Answer(self.number, method, started, time.monotonic() - started, response.status,
                            response.getheader("Retry-After"), payload[:200].decode("utf-8", "replace"))
            if response.getheader("Connection", "").lower() == "close":
                self.reconnect()
        except (OSError, http.client.HTTPException) as error:
            self.reconnect()
            answer = Answer(self.number, method, started, time.monotonic() - started, None, None, repr(error))
            payload = b""
        self.answers.append(answer)
        return answer, payload

    def reconnect(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def create(self):
        name = f"Outage w{self.number} {uuid.uuid4().hex[:8]}"
        answer, payload = self.call("POST", "/items.json", {"name": name, "serialNumber": "", "valueInDollars": 1})
        if answer.status == 201:
            item = json.loads(payload)
            self.created.append((item["key"], name))
            return item
        return None

    def edit(self):
        name = f"Edited w{self.number} {uuid.uuid4().hex[:8]}"
        answer, payload = self.call("PUT", f"/items/{self.item}.json",
                                    {"name": name, "serialNumber": "", "valueInDollars": 2, "version": self.version})
        if answer.status == 200:
            self.version = json.loads(payload)["version"]
            self.acknowledged_edit, self.sent_since, self.ambiguous = (name, self.version), [], False
        elif answer.status == 409:
            # The failed PUT before this one committed after all: take the current version.
            if not self.ambiguous:
                self.unexpected_conflicts.append(answer)
            current, payload = self.call("GET", f"/items/{self.item}.json", None)
            if current.status == 200:
                self.version = json.loads(payload)["version"]
        else:
            self.sent_since.append(name)
            self.ambiguous = True

    def run(self):
        while self.item is None and time.monotonic() < self.deadline:
            item = self.create()
            if item:
                self.item, self.version = item["key"], item["version"]
        turn = 0
        while time.monotonic() < self.deadline:
            self.create() if turn % 2 == 0 else self.edit()
            turn += 1
        self.reconnect()


class BrowserWriter(threading.Thread):
    """A signed-in browser without JavaScript: Add, then Done on the draft with a new name.

    Its acknowledged writes are the Dones answered 303; each step that fails starts again.
    """

    def __init__(self, number, deadline, answers):
        super().__init__(daemon=True)
        self.number = number
        self.client = Client(BASES[number % len(BASES)], timeout=15)
        self.deadline = deadline
        self.answers = answers
        self.created = []  # (key, name): the key is not known to a browser; None
        self.item = None
        self.acknowledged_edit = None

    def step(self, method, path, fields=None):
        started = time.monotonic()
        try:
            response = self.client.get(path) if method == "GET" else self.client.post(path, fields)
        except (OSError, http.client.HTTPException) as error:
            self.answers.append(Answer(self.number, method, started, time.monotonic() - started, None, None, repr(error)))
            return None
        self.answers.append(Answer(self.number, method, started, response.seconds, response.status,
                                   response.header("Retry-After"), response.text[:200]))
        return response

    def run(self):
        while time.monotonic() < self.deadline:
            page = self.step("GET", "/items")
            if page is None or page.status != 200:
                continue
            added = self.step("POST", "/items", {"_csrf": csrf(page.text)})
            if added is None or added.status != 303:
                continue
            dialog = self.step("GET", added.header("Location"))
            if dialog is None or dialog.status != 200:
                continue
            name = f"Browser w{self.number} {uuid.uuid4().hex[:8]}"
            fields = form_fields(dialog.text, "detail-form")
            fields.update({"name": name, "action": "done"})
            committed = self.step("POST", form_action(dialog.text, "detail-form"), fields)
            if committed is not None and committed.status == 303:
                self.created.append((None, name))


def run(command):
    started = time.monotonic()
    subprocess.run(command, shell=True, check=True, stdout=sys.stderr)
    return started, time.monotonic()


def stored_items():
    sql = "COPY (SELECT encode(key, 'hex'), name, version FROM items) TO STDOUT"
    output = subprocess.run([os.environ["HP_PSQL"], os.environ["HP_DATABASE"], "-X", "-q", "-c", sql],
                            check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in output.splitlines():
        key, name, version = line.split("\t")
        rows[key] = (name, int(version))
    return rows


def main():
    answers = []
    begun = time.monotonic()
    # One in eight writers is a browser (sign-in first, then forms: Add, Done); the rest use the API.
    writers = []
    for n in range(WRITERS):
        if n % 8 == 7:
            writer = BrowserWriter(n, begun + SECONDS, answers)
            signed = writer.client.sign_in("ann", os.environ["HP_PASSWORD"])
            assert signed.status == 303, f"signing in answered {signed!r}"
        else:
            writer = Writer(n, begun + SECONDS, answers)
        writers.append(writer)
    begun = time.monotonic()
    for writer in writers:
        writer.deadline = begun + SECONDS
    for writer in writers:
        writer.start()
    time.sleep(OUTAGE_AT)
    stop_began, stopped = run(os.environ["HP_STOP"])
    time.sleep(max(0.0, OUTAGE_SECONDS - (stopped - stop_began)))
    start_began, started = run(os.environ["HP_START"])
    for writer in writers:
        writer.join(SECONDS + 30)
    print(f"server stopping at {stop_began - begun:.1f} s, down {stopped - begun:.1f}–{start_began - begun:.1f} s, "
          f"up again at {started - begun:.1f} s")

    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    check(all(not writer.is_alive() for writer in writers), "a writer never came back (a request hung)")
    by_status = collections.Counter(answer.status for answer in answers)
    latencies = sorted(answer.seconds for answer in answers)
    slowest = max(answers, key=lambda answer: answer.seconds)
    print(f"{len(answers)} requests: " + ", ".join(f"{status}: {count}" for status, count in sorted(by_status.items(), key=str))
          + f"; latency p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, p99 {latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms, "
          f"max {slowest.seconds:.2f} s ({slowest.method} {slowest.status}, sent at {slowest.started - begun:.1f} s)")

    def phase(answer):  # answered before the stop began; sent before the server was down; …
        if answer.started + answer.seconds < stop_began:
            return "before"
        if answer.started < stopped:
            return "stopping"
        if answer.started < start_began:
            return "down"
        return "starting" if answer.started < started else "after"
    for name in ("before", "stopping", "down", "starting", "after"):
        these = [a for a in answers if phase(a) == name]
        if these:
            counts = collections.Counter(a.status for a in these)
            print(f"  {name:8} {len(these):6} requests ("
                  + ", ".join(f"{status}: {count}" for status, count in sorted(counts.items(), key=str))
                  + f"), slowest {max(a.seconds for a in these):.2f} s")

    early = [a for a in answers if phase(a) == "before" and a.status not in (200, 201, 303)]
    check(not early, f"{len(early)} requests answered before the server was stopped failed, e.g.: "
                     + "; ".join(f"{a.method} → {a.status} in {a.seconds:.2f} s: {a.note[:160]}" for a in early[:3]))
    bad = [a for a in answers if a.status not in (200, 201, 303, 503, 409)]
    check(not bad, f"{len(bad)} answers neither 2xx/303 nor 503 nor 409, e.g. "
                   + "; ".join(f"{a.method} → {a.status} at {a.started - begun:.1f} s: {a.note}" for a in bad[:5]))
    no_retry = [a for a in answers if a.status == 503 and not (a.retry_after or "").strip().isdigit()]
    check(not no_retry, f"{len(no_retry)} 503s without a Retry-After of seconds, e.g. {no_retry[:1]}")
    slow = [a for a in answers if a.seconds > MAX_LATENCY]
    check(not slow, f"{len(slow)} requests took longer than {MAX_LATENCY:.0f} s, e.g. "
                    + "; ".join(f"{a.method} {a.status} {a.seconds:.1f} s at {a.started - begun:.1f} s" for a in slow[:5]))
    down = [a for a in answers if a.started >= stopped and a.started + a.seconds <= start_began]
    down_ok = [a for a in down if a.status != 503]
    check(down and not down_ok, f"{len(down)} requests while the server was down, {len(down_ok)} not 503: "
                                + "; ".join(f"{a.method} → {a.status}" for a in down_ok[:5]))
    conflicts = [a for a in answers if a.status == 409]
    unexpected = [a for writer in writers if isinstance(writer, Writer) for a in writer.unexpected_conflicts]
    check(not unexpected, f"{len(unexpected)} PUTs answered 409 though the writer's previous PUT was acknowledged: {unexpected[:2]}")
    print(f"while down: {len(down)} requests, all 503: {not down_ok}; 409s after an unanswered PUT: {len(conflicts)}")

    # Recovery: each writer succeeded within RECOVERY seconds of the server's return.
    recovered_at = {}
    for a in answers:
        if a.status in (200, 201) and a.started >= started:
            recovered_at[a.writer] = min(recovered_at.get(a.writer, a.started), a.started)
    late = [n for n in range(WRITERS) if n not in recovered_at or recovered_at[n] - started > RECOVERY]
    check(not late, f"writers {late[:10]} did not succeed again within {RECOVERY:.0f} s of the server's return")
    if recovered_at:
        print(f"recovery: first success {min(recovered_at.values()) - started:.2f} s after the server was back, "
              f"every writer by {max(recovered_at.values()) - started:.2f} s")

    rows = stored_items()
    # A writer's first item is its own, edited since: the edits check below reads it.
    own = {writer.item for writer in writers if isinstance(writer, Writer)}
    acknowledged = [(key, name) for writer in writers for key, name in writer.created if key not in own]
    names = {name for name, _ in rows.values()}
    missing = [(key, name) for key, name in acknowledged
               if (rows.get(key.replace("-", ""), (None,))[0] != name if key else name not in names)]
    check(not missing, f"{len(missing)} of {len(acknowledged)} acknowledged creates are not in the database, e.g. {missing[:3]}")
    lost_edits = []
    for writer in writers:
        if not isinstance(writer, Writer) or writer.item is None:
            continue
        name, version = rows.get(writer.item.replace("-", ""), (None, 0))
        last = writer.acknowledged_edit or (writer.created[0][1], 1)  # or as it was created
        if name not in {last[0], *writer.sent_since} or version < last[1]:
            lost_edits.append((writer.number, name, version, last))
    check(not lost_edits, f"{len(lost_edits)} writers' items do not hold their last acknowledged edit, e.g. {lost_edits[:3]}")
    edits = sum(1 for writer in writers if writer.acknowledged_edit)
    by_form = sum(len(writer.created) for writer in writers if isinstance(writer, BrowserWriter))
    print(f"acknowledged: {len(acknowledged)} creates ({by_form} by a form's Done), all in the database: {not missing}; "
          f"{edits} writers' last acknowledged edits, all kept: {not lost_edits}")

    for failure in failures:
        print("FAIL " + failure)
    print("postgres outage: " + ("every check passed" if not failures else f"{len(failures)} checks failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
