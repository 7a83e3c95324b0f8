"""nginx in front of the app on loopback, with the site file docs/deployment.md shows
(deploy/nginx/scorekeeper.conf): its own prefix, configuration, pid and logs in a test
folder, never the system's nginx nor its port 80.

The site file is used as shipped; only its addresses, ports and paths change, each named
in ``site_places``, and each must be found in the file exactly once, so a change to the
file that moved one of them fails here instead of testing something else."""

from __future__ import annotations

import datetime
import http.client
import ipaddress
import json
import os
import shutil
import signal
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from bench.bench_load import LOOPBACK, ROOT, Answer, free_port
from tests.waiting import wait_until

SITE = ROOT / "deploy" / "nginx" / "scorekeeper.conf"
HOST = "scores.example.org"  # the site file's server_name, which the test keeps
MISSING = "nginx is missing: run scripts/install-system-packages test"

# The main configuration the distribution's nginx.conf would be, around the site file:
# everything the master and its worker write is in the test's folder.
MAIN = """\
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
{user}
events {{
    worker_connections 256;
}}
http {{
    access_log off;  # nginx's default log; the site's servers name their own
    client_body_temp_path {folder}/temp/body;
    proxy_temp_path {folder}/temp/proxy;
    fastcgi_temp_path {folder}/temp/fastcgi;
    uwsgi_temp_path {folder}/temp/uwsgi;
    scgi_temp_path {folder}/temp/scgi;
    include {folder}/scorekeeper.conf;
}}
"""


def nginx_binary() -> str:
    # /usr/sbin is not on an ordinary user's PATH on Debian.
    found = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    assert found, MISSING
    return found


@dataclass
class Nginx:
    process: subprocess.Popen
    port: int  # https, the site's "listen 443"
    plain_port: int  # the site's "listen 80", which sends phones to https
    folder: Path
    context: ssl.SSLContext  # trusts the test's own certificate

    @property
    def access_log(self) -> Path:
        return self.folder / "access.log"

    @property
    def cache(self) -> Path:
        return self.folder / "cache"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # the master's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def site_places(app_ports: tuple[int, int], streams_port: int, folder: Path, ports) -> dict:
    """What the site file names for production, and what it is on loopback."""
    a, b = app_ports
    port, plain_port = ports
    live = f"/etc/letsencrypt/live/{HOST}"
    return {
        "server 10.0.0.11:8000;": f"server {LOOPBACK}:{a};",
        "server 10.0.0.12:8000;": f"server {LOOPBACK}:{b};",
        "server 127.0.0.1:8001;": f"server {LOOPBACK}:{streams_port};",
        "listen 443 ssl http2;": f"listen {LOOPBACK}:{port} ssl http2;",
        "listen 80;": f"listen {LOOPBACK}:{plain_port};",
        f"{live}/fullchain.pem": str(folder / "cert.pem"),
        f"{live}/privkey.pem": str(folder / "key.pem"),
        "/var/cache/nginx/scorekeeper": str(folder / "cache"),
        "/var/log/nginx/scorekeeper.access.log": str(folder / "access.log"),
    }


def start_nginx(app_ports: tuple[int, int], streams_port: int, folder: Path) -> Nginx:
    """nginx with the shipped site file on two free loopback ports; returns once it
    holds them. A port found free may be taken before nginx binds it: nginx then stops
    at once, and it is started again on other ports."""
    (folder / "temp").mkdir(parents=True)
    context = certificate(folder)
    for _attempt in range(5):
        ports = (free_port(), free_port())
        site = SITE.read_text()
        for production, here in site_places(app_ports, streams_port, folder, ports).items():
            assert site.count(production) == 1, f"{SITE.name} no longer has {production!r}"
            site = site.replace(production, here)
        (folder / "scorekeeper.conf").write_text(site)
        # As root, the worker would run as nobody, who cannot enter the test's folder.
        user = "user root;" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(MAIN.format(folder=folder, user=user))
        process = launch(folder)
        if process is not None:
            return Nginx(process, ports[0], ports[1], folder, context)
    raise AssertionError("nginx found no free ports in five tries")


def launch(folder: Path) -> subprocess.Popen | None:
    """nginx on ``folder``'s nginx.conf, once it holds its ports; None if another
    process took one of them first."""
    pid = folder / "nginx.pid"
    pid.unlink(missing_ok=True)
    command = [nginx_binary(), "-p", str(folder), "-c", str(folder / "nginx.conf")]
    with (folder / "nginx.log").open("ab") as out:
        process = subprocess.Popen(
            [*command, "-e", str(folder / "error.log")],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    # The pid file is written once every listening socket is bound.
    wait_until(lambda: pid.exists() or process.poll() is not None, "nginx starting")
    if process.poll() is None:
        return process
    errors = (folder / "error.log").read_text(errors="replace")
    assert "Address already in use" in errors, f"nginx did not start:\n{errors}"
    return None


def certificate(folder: Path) -> ssl.SSLContext:
    """A self-signed certificate for the site's host and 127.0.0.1 (cert.pem, key.pem),
    and a client context that trusts it alone."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOST)])
    now = datetime.datetime.now(datetime.UTC)
    names = [x509.DNSName(HOST), x509.IPAddress(ipaddress.ip_address(LOOPBACK))]
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return ssl.create_default_context(cafile=str(folder / "cert.pem"))


class Front:
    """A phone reaching the site through nginx over https, as scores.example.org."""

    def __init__(self, nginx: Nginx, timeout: float = 30):
        self.nginx = nginx
        self.timeout = timeout

    def open(self, method: str, path: str, body=None, headers=None):
        """The connection and its response, headers read, body not: a stream's reader
        reads on; the caller closes the connection."""
        headers = {"Host": HOST, **(headers or {})}
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPSConnection(
            LOOPBACK, self.nginx.port, timeout=self.timeout, context=self.nginx.context
        )
        try:
            connection.request(method, path, body=body, headers=headers)
            return connection, connection.getresponse()
        except BaseException:
            connection.close()
            raise

    def request(self, method: str, path: str, body=None, headers=None) -> Answer:
        """One request on a connection of its own (``start_game`` calls this)."""
        connection, response = self.open(method, path, body, headers)
        try:
            data = response.read()
        finally:
            connection.close()
        names = {name.lower() for name, _value in response.getheaders()}
        # Every value a header came with: a header sent twice reads "a, b".
        found = {name: ", ".join(response.headers.get_all(name)) for name in names}
        return Answer(response.status, found, data, 0.0)
