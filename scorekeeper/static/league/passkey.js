// Passkeys (WebAuthn) for an organizer's login: adding one on the security page, and
// the login's second step. The server sends its options as JSON with binary fields in
// base64url (py_webauthn's options_to_json); the browser's answer goes back the same way.
"use strict";

(function () {
  function bytes(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "===".slice((base64.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function text(buffer) {
    let binary = "";
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function csrf() {
    const input = document.querySelector("input[name=csrf_token]");
    return input ? input.value : "";
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body || {}),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || "");
    return answer;
  }

  function described(list) {
    return (list || []).map((c) => Object.assign({}, c, { id: bytes(c.id) }));
  }

  function say(message) {
    const box = document.getElementById("passkey-error");
    if (!box) return;
    box.textContent = message;
    box.hidden = false;
  }

  async function add(form) {
    const options = await post(form.dataset.options);
    options.challenge = bytes(options.challenge);
    options.user.id = bytes(options.user.id);
    options.excludeCredentials = described(options.excludeCredentials);
    const credential = await navigator.credentials.create({ publicKey: options });
    const answer = await post(form.dataset.answer, {
      name: form.elements.name.value,
      credential: {
        id: credential.id,
        rawId: text(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: text(credential.response.clientDataJSON),
          attestationObject: text(credential.response.attestationObject),
          transports: credential.response.getTransports ? credential.response.getTransports() : [],
        },
        clientExtensionResults: credential.getClientExtensionResults(),
      },
    });
    window.location.assign(answer.next);
  }

  async function login(button) {
    const options = await post(button.dataset.options);
    options.challenge = bytes(options.challenge);
    options.allowCredentials = described(options.allowCredentials);
    const credential = await navigator.credentials.get({ publicKey: options });
    const response = credential.response;
    const answer = await post(button.dataset.answer, {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      response: {
        clientDataJSON: text(response.clientDataJSON),
        authenticatorData: text(response.authenticatorData),
        signature: text(response.signature),
        userHandle: response.userHandle ? text(response.userHandle) : null,
      },
      clientExtensionResults: credential.getClientExtensionResults(),
    });
    window.location.assign(answer.next);
  }

  function start() {
    const form = document.getElementById("passkey-add");
    if (form) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        add(form).catch((error) => say(error.message || form.dataset.refused));
      });
    }
    const button = document.getElementById("passkey-login");
    if (button) {
      button.addEventListener("click", () => {
        login(button).catch((error) => say(error.message || button.dataset.refused));
      });
    }
    if (!window.PublicKeyCredential) {
      for (const element of [form, button]) if (element) element.hidden = true;
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
