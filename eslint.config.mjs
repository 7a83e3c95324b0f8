// The project's JavaScript: eslint's recommended rules, with the globals of where each
// file runs (make lint).
import js from "@eslint/js";
import globals from "globals";

export default [
  // The venv holds other projects' scripts (Playwright's driver among them).
  { ignores: [".venv/", "build/", "dist/", "test-output/", "instance/"] },
  js.configs.recommended,
  {
    // The pages' scripts: classic scripts, loaded by <script src> or by sk.load.
    files: ["scorekeeper/static/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["scorekeeper/static/sw.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Under Node the outbox hands its queue to its unit tests (tests/js/outbox.test.js).
    files: ["scorekeeper/static/outbox.js"],
    languageOptions: { globals: { module: "writable" } },
  },
  {
    // The scripts' unit tests and this file run under Node.
    files: ["tests/js/**/*.js", "*.mjs"],
    languageOptions: { globals: globals.node },
  },
];
