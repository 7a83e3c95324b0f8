"""Sending mail through the SMTP server the settings name (smtplib), with a retry policy.

Off when ``MAIL_HOST`` is unset: nothing is composed for sending then. A letter is
plain text in one language, and one to a league member carries a one-tap unsubscribe
link, also as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post headers, so a mail
app's own button works. Composing the letters is the league's (league/mailing.py).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

TLS_MODES = ("starttls", "ssl", "none")
# Tries for one letter, and the pause before each try again (seconds): a server that
# is restarting or greylisting (4xx) is tried again; a refusal (5xx) is final.
ATTEMPTS = 4
BACKOFF = (30, 120, 600)
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


@dataclass(frozen=True)
class Outcome:
    sent: bool
    attempts: int
    error: str | None = None


def send_with_retries(
    settings: MailSettings,
    letter: Letter,
    *,
    pause: Callable[[float], None],
    attempts: int = ATTEMPTS,
) -> Outcome:
    """Try up to ``attempts`` times, pausing between (``pause``: time.sleep, or the job
    queue's own delay); a permanent refusal stops at once."""
    for attempt in range(1, attempts + 1):
        try:
            send(settings, letter)
            return Outcome(True, attempt)
        except (smtplib.SMTPException, OSError) as error:
            if not temporary(error) or attempt == attempts:
                return Outcome(False, attempt, f"{type(error).__name__}: {error}")
            pause(BACKOFF[min(attempt - 1, len(BACKOFF) - 1)])
    return Outcome(False, attempts, "no attempt")
