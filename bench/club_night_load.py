"""What else a club night asks of the box while its tables play (bench_club_night):

- **the import** of a season, 30 nights of 40 members (10 tables of 4 a night, 12-deal
  games), uploaded by an organizer through the import page and stored by the job
  worker; timed from the upload to the page that leads to the league;
- **10 print packs** of tonight's night, asked for by the organizer a second apart in
  10 paper sizes and languages (each a content of its own, so each a render), made by
  the worker; each timed from its first ask to the file, waiting on the job's stream
  (the stream process, or the app's threaded stream; a refused stream: a poll every
  2 s, as the page without scripts);
- **20 anonymous standings requests a second** of the night's published league, from
  20 readers at addresses of their own (``X-Forwarded-For``; the app trusts one proxy
  here), each once a second: the standings change with every deal, so most are made.

Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import http.client
import json
import re
import secrets
import threading
import time
from dataclasses import dataclass, field

from bench.bench_load import LOOPBACK, percentiles
from bench.bench_standings import league_document

PASSWORD = "correct horse battery"
SEASON = {"players": 40, "games": 300, "deals": 12}  # 30 nights of 10 tables
PACKS = [
    (size, language) for size in ("A4", "Letter") for language in ("en", "fr", "de", "es", "pl")
]
READERS = 20  # each asks once a second
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass
class Browser:
    """One browser: its cookies, on keep-alive connections of its own per thread."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None):
        connection = http.client.HTTPConnection(LOOPBACK, self.port, timeout=120)
        try:
            headers = dict(headers or {})
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            for cookie in answer.msg.get_all("Set-Cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name] = value
            return answer.status, answer.msg, data
        finally:
            connection.close()

    def csrf(self, path: str) -> str:
        return CSRF.search(self.request("GET", path)[2].decode())[1]

    def log_in(self, email: str) -> None:
        token = self.csrf("/account/login")
        form = f"csrf_token={token}&email={email}&password={PASSWORD.replace(' ', '+')}"
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        status = self.request("POST", "/account/login", form.encode(), headers)[0]
        assert status == 303, f"login answered {status}"


def upload(browser: Browser, document: dict) -> float:
    """The import page's upload, then its waiting page until it leads on: seconds."""
    token = browser.csrf("/leagues/import")
    boundary = secrets.token_hex(12)
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="season.json"'
        "\r\nContent-Type: application/json\r\n\r\n"
    )
    body = head.encode() + json.dumps(document).encode() + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    start = time.monotonic()
    status, answer, _ = browser.request("POST", "/leagues/import", body, headers)
    assert status == 303, f"the upload answered {status}"
    waiting = answer["Location"]
    while (status := browser.request("GET", waiting)[0]) == 202:
        time.sleep(0.5)  # the page's own Refresh is 2 s: this times the job closer
    assert status == 303, f"the import ended with {status}"
    return time.monotonic() - start


def wait_for_job(stream_port: int, job: str) -> None:
    """Until the job's stream says it is done; a refused stream: back at once (poll)."""
    connection = http.client.HTTPConnection(LOOPBACK, stream_port, timeout=300)
    try:
        connection.request("GET", f"/jobs/{job}/events?since=waiting")
        answer = connection.getresponse()
        if answer.status != 200:
            time.sleep(2)
            return
        deadline = time.monotonic() + 150  # a lost job: ask for the file again
        while (line := answer.readline()) and not line.startswith(b"data: "):
            if time.monotonic() > deadline:
                return
    finally:
        connection.close()


def pack(browser: Browser, path: str, language: str, address: str, stream_port: int) -> dict:
    """One print pack asked for until it comes: seconds, and whether it waited on a job."""
    headers = {"Accept-Language": language, "X-Forwarded-For": address}
    start, waited = time.monotonic(), False
    while True:
        status, answer, data = browser.request("GET", path, headers=headers)
        if status == 200 and data.startswith(b"%PDF-"):
            return {"seconds": time.monotonic() - start, "waited": waited, "bytes": len(data)}
        assert status == 202, f"{path} answered {status}"
        waited = True
        wait_for_job(stream_port, answer["Scorekeeper-Job"])


@dataclass
class Load:
    """The side load's threads and what they found."""

    app_port: int
    stream_port: int
    league: str
    night: int
    email: str
    stop: threading.Event = field(default_factory=threading.Event)
    found: dict = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> None:
        organizer = Browser(self.app_port)
        organizer.log_in(self.email)
        document = league_document(**SEASON)
        self._thread(self._import, organizer, document)
        self._thread(self._packs, organizer)
        self.found["standings"] = {"ms": [], "statuses": {}}
        for reader in range(READERS):
            self._thread(self._reader, reader)

    def finish(self) -> dict:
        self.stop.set()
        for thread in self.threads:
            thread.join()
        standings = self.found.pop("standings")
        return {
            **self.found,
            "standings_ms": percentiles([ms / 1000 for ms in standings["ms"]]),
            "standings_statuses": standings["statuses"],
            "side_errors": self.errors[:3],
        }

    def _thread(self, target, *args) -> None:
        def guarded() -> None:
            try:
                target(*args)
            except Exception as error:  # reported, not raised: the night goes on
                self.errors.append(f"{target.__name__}: {error!r}")

        self.threads.append(threading.Thread(target=guarded))
        self.threads[-1].start()

    def _import(self, organizer: Browser, document: dict) -> None:
        self.found["import_s"] = round(upload(organizer, document), 1)

    def _packs(self, organizer: Browser) -> None:
        base = f"/leagues/{self.league}/nights/{self.night}/pack.pdf"
        made: list[threading.Thread] = []
        results: list[dict] = []
        for number, (size, language) in enumerate(PACKS):
            address = f"10.2.0.{number + 1}"
            args = (organizer, f"{base}?page_size={size}", language, address, self.stream_port)
            made.append(threading.Thread(target=lambda a=args: results.append(pack(*a))))
            made[-1].start()
            time.sleep(1.0)
        for thread in made:
            thread.join()
        seconds = sorted(result["seconds"] for result in results)
        self.found["packs"] = len(results)
        self.found["pack_s"] = {
            "p50": round(seconds[len(seconds) // 2], 1),
            "max": round(seconds[-1], 1),
        }

    def _reader(self, number: int) -> None:
        path = f"/leagues/{self.league}/standings"
        reader = Browser(self.app_port)
        headers = {"X-Forwarded-For": f"10.1.{number // 250}.{number % 250 + 1}"}
        standings = self.found["standings"]
        time.sleep(number / READERS)  # spread over the second
        while not self.stop.is_set():
            start = time.monotonic()
            status = reader.request("GET", path, headers=headers)[0]
            standings["ms"].append((time.monotonic() - start) * 1000)
            standings["statuses"][status] = standings["statuses"].get(status, 0) + 1
            self.stop.wait(max(0.0, 1.0 - (time.monotonic() - start)))
