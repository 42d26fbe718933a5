"""PostgreSQL gone silent for 8 s under one homepwner instance, run by postgres-freeze.sh.

HP_BASE (the instance), HP_TOKEN (an API token of ann), HP_PASSWORD (ann's), HP_FREEZE and
HP_THAW (commands). Prints each check; exit status 1 if any failed.
"""
import os
import re
import subprocess
import sys
import threading
import time

from homepwner_client import Client

BASE, TOKEN, PASSWORD = os.environ["HP_BASE"], os.environ["HP_TOKEN"], os.environ["HP_PASSWORD"]
FROZEN_SECONDS = 8.0
LIMIT = 5.0  # no request waits longer for the database (issue 25 point 5)
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


api = Client(BASE, token=TOKEN, timeout=30)
browser = Client(BASE, timeout=30)
check(browser.sign_in("ann", PASSWORD).status == 303, "ann signs in before the freeze")
items = []
for n in range(8):
    created = api.send_json("POST", "/items.json", {"name": f"Frozen {n}", "serialNumber": "", "valueInDollars": n})
    check(created.status == 201, f"item {n} created before the freeze ({created.status})")
    items.append(created.json())
page = browser.get("/items")
stylesheet = re.search(r'href="(/assets/[^"]+\.css)"', page.text)
check(page.status == 200 and stylesheet is not None, "the list and its stylesheet before the freeze")
stylesheet = stylesheet.group(1) if stylesheet else "/health"

subprocess.run(os.environ["HP_FREEZE"], shell=True, check=True)
frozen_at = time.monotonic()
print(f"PostgreSQL frozen for {FROZEN_SECONDS:.0f} s")
answers, probes = [], []
lock = threading.Lock()


def ask(label, call):
    response = call()
    with lock:
        answers.append((label, response))


threads = []
for n in range(24):
    threads.append(threading.Thread(target=ask, args=("API read", lambda: api.get("/items.json"))))
for item in items:
    body = {"name": "Edited while frozen", "serialNumber": "", "valueInDollars": 1, "version": item["version"]}
    threads.append(threading.Thread(target=ask, args=("API write", lambda b=body, k=item["key"]: api.send_json("PUT", f"/items/{k}.json", b))))
for n in range(8):
    threads.append(threading.Thread(target=ask, args=("page", lambda: browser.get("/items"))))
time.sleep(0.3)  # the first statements are sent and meet silence
for thread in threads:
    thread.start()
while time.monotonic() - frozen_at < FROZEN_SECONDS - 0.5:
    for path in ("/health", stylesheet):
        probes.append((path, Client(BASE, timeout=10).get(path)))
    time.sleep(0.2)
for thread in threads:
    thread.join()
subprocess.run(os.environ["HP_THAW"], shell=True, check=True)
thawed_at = time.monotonic()
print("PostgreSQL thawed")

slowest = max(response.seconds for _, response in answers)
check(all(r.status == 503 and r.header("Retry-After") for _, r in answers),
      f"all {len(answers)} reads, writes and pages during the freeze: 503 with Retry-After "
      f"({sorted({(label, r.status) for label, r in answers})})")
check(slowest <= LIMIT, f"none waited longer than {LIMIT:.0f} s (slowest {slowest:.2f} s)")
slowest_probe = max(response.seconds for _, response in probes)
check(all(r.status == 200 for _, r in probes) and slowest_probe < 0.2,
      f"/health and the stylesheet, {len(probes)} times: 200 each, slowest {slowest_probe * 1000:.0f} ms (< 200 ms)")

recovered = None
while time.monotonic() - thawed_at < 15:
    read, write = api.get("/items.json"), api.send_json("POST", "/items.json", {"name": "After", "serialNumber": "", "valueInDollars": 0})
    if read.status == 200 and write.status == 201:
        recovered = time.monotonic() - thawed_at
        break
    time.sleep(0.1)
check(recovered is not None and recovered <= LIMIT, f"reads and writes succeed again {recovered if recovered is None else round(recovered, 2)} s after the thaw")
check(browser.get("/items").status == 200, "ann's page again, still signed in")
print("postgres freeze: " + ("every check passed" if not failures else f"{len(failures)} checks failed"))
sys.exit(1 if failures else 0)
