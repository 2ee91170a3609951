import type { MenuItemConstructorOptions } from "electron";

export interface MenuActions {
  changeServer(): void;
  about(): void;
  reload(): void;
  openHelp(): void;
}

/** The French application menu: Fichier, Édition, Affichage, Aide (with 'Changer de serveur' and 'À propos'; plus the app menu on macOS). */
export function menuTemplate(actions: MenuActions, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const mac = platform === "darwin";
  const template: MenuItemConstructorOptions[] = [
    {
      label: "Fichier",
      submenu: [mac ? { label: "Fermer la fenêtre", role: "close" } : { label: "Quitter", role: "quit", accelerator: "Ctrl+Q" }],
    },
    {
      label: "Édition",
      submenu: [
        { label: "Annuler", role: "undo" },
        { label: "Rétablir", role: "redo" },
        { type: "separator" },
        { label: "Couper", role: "cut" },
        { label: "Copier", role: "copy" },
        { label: "Coller", role: "paste" },
        { label: "Tout sélectionner", role: "selectAll" },
      ],
    },
    {
      label: "Affichage",
      submenu: [
        { label: "Actualiser", accelerator: "CmdOrCtrl+R", click: () => actions.reload() },
        { type: "separator" },
        { label: "Taille réelle", role: "resetZoom" },
        { label: "Zoom avant", role: "zoomIn" },
        { label: "Zoom arrière", role: "zoomOut" },
        { type: "separator" },
        { label: "Plein écran", role: "togglefullscreen" },
      ],
    },
    {
      label: "Aide",
      submenu: [
        { label: "Aide de Planify", click: () => actions.openHelp() },
        { type: "separator" },
        { label: "Changer de serveur…", click: () => actions.changeServer() },
        { label: "À propos de Planify Desktop", click: () => actions.about() },
      ],
    },
  ];
  if (mac)
    template.unshift({
      label: "Planify",
      submenu: [
        { label: "À propos de Planify Desktop", click: () => actions.about() },
        { type: "separator" },
        { label: "Masquer Planify", role: "hide" },
        { label: "Quitter Planify", role: "quit" },
      ],
    });
  return template;
}

export function aboutMessage(info: { version: string; server: string | null; electron: string }) {
  return {
    title: "À propos de Planify Desktop",
    message: `Planify Desktop ${info.version}`,
    detail: [
      "Le planificateur de vie scolaire, installé sur votre ordinateur.",
      `Serveur de l'établissement : ${info.server ?? "non configuré"}`,
      `Electron ${info.electron}`,
    ].join("\n"),
    buttons: ["OK"],
  };
}
