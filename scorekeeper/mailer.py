"""Sending mail through the SMTP server the settings name (smtplib), and when to try again.

Off when ``MAIL_HOST`` is unset: nothing is composed for sending then. A letter is
plain text in one language, and one to a league member carries a one-tap unsubscribe
link, also as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post headers, so a mail
app's own button works. Composing the letters is the league's (league/mailing.py).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

TLS_MODES = ("starttls", "ssl", "none")
# A server that is restarting or greylisting (4xx) is tried again, RETRIES more times,
# the first after RETRY_SECONDS and each next one RETRY_BACKOFF times later (30 s, 2 min,
# 8 min: the job queue keeps the letter meanwhile); a refusal (5xx) is final.
RETRIES = 3
RETRY_SECONDS = 30
RETRY_BACKOFF = 4
TIMEOUT = 20


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int
    tls: str
    sender: str
    username: str | None = None
    password: str | None = None


def settings_from(config: Mapping[str, Any]) -> MailSettings | None:
    """The SMTP settings, or None when mail is off (no host)."""
    host = config.get("MAIL_HOST")
    if not host:
        return None
    tls = config.get("MAIL_TLS") or "starttls"
    if tls not in TLS_MODES:
        raise ValueError(f"MAIL_TLS must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    port = int(config.get("MAIL_PORT") or {"ssl": 465, "starttls": 587}.get(tls, 25))
    sender = config.get("MAIL_SENDER")
    if not sender:
        raise ValueError("MAIL_SENDER is needed when MAIL_HOST is set")
    return MailSettings(
        host, port, tls, sender, config.get("MAIL_USERNAME"), config.get("MAIL_PASSWORD")
    )


@dataclass(frozen=True)
class Letter:
    to: str
    subject: str
    body: str
    language: str
    # The member's one-tap unsubscribe link; None for a letter to an organizer.
    unsubscribe: str | None = None


def message_of(letter: Letter, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = letter.to
    message["Subject"] = letter.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    message["Auto-Submitted"] = "auto-generated"
    if letter.unsubscribe:
        message["List-Unsubscribe"] = f"<{letter.unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(letter.body)
    # After set_content, which replaces every Content- header.
    message["Content-Language"] = letter.language
    return message


def send(settings: MailSettings, letter: Letter) -> None:
    """One try at handing the letter to the server; raises what smtplib raises."""
    message = message_of(letter, settings.sender)
    context = ssl.create_default_context()
    if settings.tls == "ssl":
        server: smtplib.SMTP = smtplib.SMTP_SSL(
            settings.host, settings.port, timeout=TIMEOUT, context=context
        )
    else:
        server = smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT)
    with server:
        if settings.tls == "starttls":
            server.starttls(context=context)
        if settings.username:
            server.login(settings.username, settings.password or "")
        server.send_message(message)


def temporary(error: Exception) -> bool:
    """Whether trying again later may work: a dropped connection or a 4xx answer."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(400 <= code < 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return 400 <= error.smtp_code < 500
    return isinstance(error, (smtplib.SMTPServerDisconnected, OSError))


class TryAgain(Exception):
    """A temporary failure (a dropped connection, a 4xx answer): try the letter later."""


def send_once(settings: MailSettings, letter: Letter) -> str | None:
    """Send ``letter``: None once sent, the reason when it is refused for good; raises
    TryAgain when a later try may work (the job queue then tries again, RETRIES)."""
    try:
        send(settings, letter)
    except (smtplib.SMTPException, OSError) as error:
        reason = f"{type(error).__name__}: {error}"
        if temporary(error):
            raise TryAgain(reason) from error
        return reason
    return None
