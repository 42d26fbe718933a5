"""Signs in and times CSV export or import against a running server (used by csv.sh)."""
import http.client, re, sys, time, urllib.parse, uuid

base, password, action, path = sys.argv[1:5]
host, port = base[len("http://"):].split(":")
jar = {}

def request(method, target, body=None, headers=None):
    connection = http.client.HTTPConnection(host, int(port), timeout=600)
    headers = dict(headers or {})
    if jar: headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
    if method == "POST": headers["Origin"] = base
    connection.request(method, target, body, headers)
    response = connection.getresponse()
    data = response.read()
    for key, value in response.getheaders():
        if key.lower() == "set-cookie":
            name, rest = value.split("=", 1)
            jar[name] = rest.split(";")[0]
    return response, data

def token(page):
    return re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()

_, page = request("GET", "/sign-in")
body = urllib.parse.urlencode({"_csrf": token(page), "username": "owner", "password": password, "next": "/items"})
response, _ = request("POST", "/sign-in", body, {"Content-Type": "application/x-www-form-urlencoded"})
assert response.status == 303, response.status

if action == "export":
    for attempt in range(3):
        start = time.perf_counter()
        response, data = request("GET", "/items.csv")
        elapsed = time.perf_counter() - start
        assert response.status == 200, response.status
        rows = data.count(b"\n") - 1
        print(f"GET /items.csv: {rows} rows, {len(data) / 1e6:.1f} MB in {elapsed * 1000:.0f} ms")
    open(path, "wb").write(data)
else:
    data = open(path, "rb").read()
    _, page = request("GET", "/items/import")
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{token(page)}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.csv"\r\n'
            f'Content-Type: text/csv\r\n\r\n').encode() + data + f'\r\n--{boundary}--\r\n'.encode()
    start = time.perf_counter()
    response, _ = request("POST", "/items/import", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    upload = time.perf_counter() - start
    assert response.status == 303, response.status
    location = response.getheader("Location")
    start = time.perf_counter()
    response, page = request("GET", location)
    preview = time.perf_counter() - start
    assert response.status == 200 and b"will be refused" not in page, response.status
    start = time.perf_counter()
    response, _ = request("POST", location, urllib.parse.urlencode({"_csrf": token(page)}),
                          {"Content-Type": "application/x-www-form-urlencoded"})
    confirm = time.perf_counter() - start
    assert response.status == 303, response.status
    print(f"import of {len(data) / 1e6:.1f} MB: upload {upload * 1000:.0f} ms, preview {preview * 1000:.0f} ms, "
          f"confirm (parse + one transaction) {confirm * 1000:.0f} ms")
