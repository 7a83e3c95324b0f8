"""Passkeys (WebAuthn, with py_webauthn): an organizer registers one as a second factor,
and the login's second step asks the browser to sign a challenge with one of theirs.

The challenge is the caller's to keep between the two requests (the web keeps it in
the signed session and takes it out on use, so each works once). The relying party
is the site's host name and its origin, as the web gives them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import parse_authentication_credential_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from scorekeeper.i18n import gettext as _
from scorekeeper.league.models import Organizer, Passkey
from scorekeeper.service_layer.services import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork

RP_NAME = "Scorekeeper"
NAME_LENGTH = 80


@dataclass(frozen=True)
class Site:
    """The relying party: the host name passkeys are bound to, and the page's origin."""

    rp_id: str
    origin: str


@dataclass(frozen=True)
class Options:
    """What the browser is asked (JSON, binary fields base64url) and the challenge to keep."""

    json: str
    challenge: bytes


def _theirs(session, organizer_id: int) -> list[Passkey]:
    return list(session.scalars(select(Passkey).where(Passkey.organizer_id == organizer_id)))


def registration_options(uow: UnitOfWork, organizer_id: int, site: Site) -> Options:
    with uow:
        organizer = uow.session.get(Organizer, organizer_id)
        if organizer is None:
            raise InvalidInput(_("There is no such organizer."))
        options = generate_registration_options(
            rp_id=site.rp_id,
            rp_name=RP_NAME,
            user_id=f"organizer:{organizer.id}".encode(),
            user_name=organizer.email,
            user_display_name=organizer.name,
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=p.credential_id)
                for p in _theirs(uow.session, organizer_id)
            ],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.PREFERRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
        )
    return Options(options_to_json(options), options.challenge)


def register(
    uow: UnitOfWork, organizer_id: int, credential: Any, challenge: bytes, site: Site, name: Any
) -> None:
    """Keep the passkey the browser made for ``challenge``."""
    name = " ".join(name.split())[:NAME_LENGTH] if isinstance(name, str) else ""
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=site.rp_id,
            expected_origin=site.origin,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError):
        raise InvalidInput(
            _("The passkey was not added: the browser's answer was refused.")
        ) from None
    with uow:
        uow.session.add(
            Passkey(
                organizer_id=organizer_id,
                credential_id=verified.credential_id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                name=name or _("Passkey"),
            )
        )
        uow.commit()


def remove(uow: UnitOfWork, organizer_id: int, passkey_id: int) -> None:
    with uow:
        passkey = uow.session.get(Passkey, passkey_id)
        if passkey is not None and passkey.organizer_id == organizer_id:
            uow.session.delete(passkey)
            uow.commit()


def authentication_options(uow: UnitOfWork, organizer_id: int, site: Site) -> Options:
    with uow:
        allowed = [
            PublicKeyCredentialDescriptor(id=p.credential_id)
            for p in _theirs(uow.session, organizer_id)
        ]
    options = generate_authentication_options(
        rp_id=site.rp_id,
        allow_credentials=allowed,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return Options(options_to_json(options), options.challenge)


def authenticate(
    uow: UnitOfWork, organizer_id: int, credential: Any, challenge: bytes, site: Site
) -> bool:
    """Whether the browser signed ``challenge`` with one of the organizer's passkeys."""
    try:
        parsed = parse_authentication_credential_json(credential)
    except (WebAuthnException, ValueError, TypeError, KeyError):
        return False
    with uow:
        passkey = uow.session.scalar(
            select(Passkey).where(
                Passkey.organizer_id == organizer_id, Passkey.credential_id == parsed.raw_id
            )
        )
        if passkey is None:
            return False
        try:
            verified = verify_authentication_response(
                credential=parsed,
                expected_challenge=challenge,
                expected_rp_id=site.rp_id,
                expected_origin=site.origin,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
            )
        except (WebAuthnException, ValueError):
            return False
        passkey.sign_count = verified.new_sign_count
        uow.commit()
        return True
