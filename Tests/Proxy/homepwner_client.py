"""A small HTTP client for the proxy tests (stdlib only): a browser's cookie jar and forms.

Each request is a fresh connection (so that nginx's round-robin picks again), redirects are
not followed (the tests look at each 303), POSTs carry the `Origin` a browser sends, and the
form's `_csrf` token is read from the page. `source` binds the client to another loopback
address (127.0.0.x), so that the sign-in throttle sees another client.
"""
import html
import http.client
import json
import re
import ssl
import time
import urllib.parse
from html.parser import HTMLParser


class Response:
    def __init__(self, status, headers, body, seconds):
        self.status = status
        self.headers = headers  # an http.client.HTTPMessage: case-insensitive, repeated fields kept
        self.body = body
        self.seconds = seconds

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")

    def header(self, name):
        return self.headers.get(name) if self.headers is not None else None

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.header('Location') or ''} {self.text[:120]!r}>"


class Client:
    """One browser (or API client): its cookies, its address, its base URL."""

    def __init__(self, base, cafile=None, source=None, timeout=10.0, token=None):
        self.base = base.rstrip("/")
        parts = urllib.parse.urlsplit(self.base)
        self.https = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port or (443 if self.https else 80)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.context = ssl.create_default_context(cafile=cafile) if self.https else None
        self.source = (source, 0) if source else None
        self.timeout = timeout
        self.token = token
        self.cookies = {}

    def at(self, base):
        """The same browser (cookies shared, by reference) talking to another base URL."""
        other = Client(base, source=self.source[0] if self.source else None, timeout=self.timeout, token=self.token)
        other.context = self.context if other.https else None
        other.cookies = self.cookies
        return other

    def connection(self, timeout=None):
        timeout = self.timeout if timeout is None else timeout
        if self.https:
            return http.client.HTTPSConnection(self.host, self.port, timeout=timeout, context=self.context,
                                               source_address=self.source)
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout, source_address=self.source)

    def headers(self, extra=None):
        headers = {"User-Agent": "homepwner-proxy-test", "Accept-Language": "en"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        headers.update(extra or {})
        return headers

    def keep_cookies(self, message):
        for value in message.get_all("Set-Cookie") or []:
            pair = value.split(";", 1)[0]
            name, _, content = pair.partition("=")
            attributes = value.lower()
            if content == "" or "max-age=0" in attributes or "expires=thu, 01 jan 1970" in attributes:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = content

    def request(self, method, path, body=None, headers=None, timeout=None):
        started = time.monotonic()
        connection = self.connection(timeout)
        try:
            connection.request(method, path if path.startswith("/") else "/" + path, body=body,
                               headers=self.headers(headers))
            response = connection.getresponse()
            data = response.read()
            self.keep_cookies(response.msg)
            return Response(response.status, response.msg, data, time.monotonic() - started)
        finally:
            connection.close()

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, fields, **kwargs):
        body = urllib.parse.urlencode(fields).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin}
        return self.request("POST", path, body=body, headers=headers, **kwargs)

    def send_json(self, method, path, value, **kwargs):
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        return self.request(method, path, body=json.dumps(value).encode(), headers=headers, **kwargs)

    def sign_in(self, username, password):
        page = self.get("/sign-in")
        return self.post("/sign-in", {"_csrf": csrf(page.text), "username": username, "password": password,
                                      "next": "/items"})


def csrf(page):
    match = re.search(r'name="_csrf" value="([^"]+)"', page)
    if not match:
        raise AssertionError(f"no CSRF token in the page: {page[:300]!r}")
    return html.unescape(match.group(1))


class FormFields(HTMLParser):
    """The fields a browser would send for the form `form_id` (inside it, or `form=` it)."""

    def __init__(self, form_id):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields = []
        self.select = None
        self.select_value = None
        self.textarea = None

    def owned(self, attributes):
        return attributes.get("form") == self.form_id or (self.inside and "form" not in attributes)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.inside = attributes.get("id") == self.form_id
        elif tag == "input" and self.owned(attributes) and "name" in attributes and "disabled" not in attributes:
            kind = attributes.get("type", "text").lower()
            if kind in ("file", "submit", "button", "image", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attributes:
                return
            self.fields.append((attributes["name"], attributes.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and self.owned(attributes) and "name" in attributes:
            self.select, self.select_value = attributes["name"], None
        elif tag == "option" and self.select is not None:
            if self.select_value is None or "selected" in attributes:
                self.select_value = attributes.get("value", "")
        elif tag == "textarea" and self.owned(attributes) and "name" in attributes:
            self.textarea = [attributes["name"], ""]

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            self.fields.append((self.select, self.select_value or ""))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            self.fields.append(tuple(self.textarea))
            self.textarea = None


def form_fields(page, form_id):
    parser = FormFields(form_id)
    parser.feed(page)
    return dict(parser.fields)


def form_action(page, form_id):
    match = re.search(r'<form[^>]*\bid="%s"[^>]*>' % re.escape(form_id), page)
    if not match:
        raise AssertionError(f"no form #{form_id} in the page: {page[:300]!r}")
    action = re.search(r'\baction="([^"]*)"', match.group(0))
    return html.unescape(action.group(1))


def signed_in(page, username):
    return f"Signed in as {username}" in page
