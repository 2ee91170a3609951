import { Type, type Static } from "@sinclair/typebox";

/**
 * GET /desktop/version.json: the Planify Desktop version this school hosts, read by the
 * installed apps' update check. The admin drops `version.json` and the installers into
 * `<data-dir>/desktop/`; `files` names the installer per system (optional).
 */
export const DesktopVersionFeed = Type.Object({
  version: Type.String({ pattern: "^\\d+(\\.\\d+){0,3}([-+][0-9A-Za-z.-]+)?$", maxLength: 40 }),
  files: Type.Optional(
    Type.Object({
      linux: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 5 })),
      windows: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 5 })),
      mac: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 5 })),
    }),
  ),
});
export type DesktopVersionFeed = Static<typeof DesktopVersionFeed>;

/** Installer files the server hands out from <data-dir>/desktop/ (no other name is served). */
export const DESKTOP_INSTALLER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(AppImage|deb|exe|dmg|zip|blockmap|yml)$/;
