import { lazy, type ComponentType, type ReactNode } from "react";
import styles from "../components/admin-panel.module.css";
import { UsersIcon } from "../components/icons";
import {
  BookIcon,
  CalendarIcon,
  DiskIcon,
  DownloadIcon,
  FileIcon,
  ImageIcon,
  LockIcon,
  MegaphoneIcon,
  ShieldIcon,
  TicketIcon,
  UserIcon,
} from "../components/page-icons";

// The admin dashboard's sections. Each panel belongs to its feature and loads when its
// section opens (the admin area never weighs on a student's first page).
const lazyPanel = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(async () => ({ default: await load() }));

const AdminTaskPanel = lazyPanel(async () => (await import("../features/tasks/admin/admin-task-panel")).AdminTaskPanel);
const ImportUsersPanel = lazyPanel(async () => (await import("../features/admin-import/import-users-panel")).ImportUsersPanel);
const AdminUsersPanel = lazyPanel(async () => (await import("../features/admin-users/admin-users-panel")).AdminUsersPanel);
const SubjectsManager = lazyPanel(async () => (await import("../features/subjects/subjects-manager")).SubjectsManager);
const PopupSender = lazyPanel(async () => (await import("../features/admin/popup-sender")).PopupSender);
const AdminCodesPanel = lazyPanel(async () => (await import("../features/admin-codes/admin-codes-panel")).AdminCodesPanel);
const AdminFactionsPanel = lazyPanel(async () => (await import("../features/admin-factions/admin-factions-panel")).AdminFactionsPanel);
const AdminPatchNotesPanel = lazyPanel(
  async () => (await import("../features/admin-patch-notes/admin-patch-notes-panel")).AdminPatchNotesPanel,
);
const ItemCreatorPanel = lazyPanel(async () => (await import("../features/item-creator/item-creator-panel")).ItemCreatorPanel);
const AdminTimetablesPanel = lazyPanel(
  async () => (await import("../features/admin-timetables/admin-timetables-panel")).AdminTimetablesPanel,
);
const AdminHolidaysPanel = lazyPanel(async () => (await import("../features/admin-holidays/admin-holidays-panel")).AdminHolidaysPanel);
const AdminStoragePanel = lazyPanel(async () => (await import("../features/admin-storage/admin-storage-panel")).AdminStoragePanel);
const AdminSsoPanel = lazyPanel(async () => (await import("../features/admin-sso/admin-sso-panel")).AdminSsoPanel);
const AdminPrivacyPanel = lazyPanel(async () => (await import("../features/admin-privacy/admin-privacy-panel")).AdminPrivacyPanel);
const AdminRolloverPanel = lazyPanel(async () => (await import("../features/admin-rollover/admin-rollover-panel")).AdminRolloverPanel);
const AdminJournalPanel = lazyPanel(async () => (await import("../features/admin-journal/admin-journal-panel")).AdminJournalPanel);

export interface AdminSection {
  /** The `?section=` value. */
  id: string;
  label: string;
  icon: ReactNode;
  render: () => ReactNode;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: "devoirs", label: "Devoirs et examens", icon: <CalendarIcon size={18} />, render: () => <AdminTaskPanel /> },
  { id: "ajouter", label: "Ajouter un utilisateur", icon: <UserIcon size={18} />, render: () => <AdminUsersPanel startWith="add" /> },
  { id: "utilisateurs", label: "Gérer les utilisateurs", icon: <UsersIcon size={18} />, render: () => <AdminUsersPanel /> },
  { id: "import", label: "Importer une liste", icon: <DownloadIcon size={18} />, render: () => <ImportUsersPanel /> },
  {
    id: "matieres",
    label: "Gérer les matières",
    icon: <BookIcon size={18} />,
    render: () => (
      <section className={styles.panel} aria-label="Gérer les matières">
        <SubjectsManager />
      </section>
    ),
  },
  { id: "items", label: "Créateur d'items", icon: <ImageIcon size={18} />, render: () => <ItemCreatorPanel /> },
  { id: "popup", label: "Pop-up", icon: <MegaphoneIcon size={18} />, render: () => <PopupSender /> },
  { id: "patch-notes", label: "Patch Notes", icon: <FileIcon size={18} />, render: () => <AdminPatchNotesPanel /> },
  { id: "codes", label: "Codes de récompense", icon: <TicketIcon size={18} />, render: () => <AdminCodesPanel /> },
  { id: "emplois-du-temps", label: "Emplois du temps", icon: <CalendarIcon size={18} />, render: () => <AdminTimetablesPanel /> },
  { id: "vacances", label: "Vacances scolaires", icon: <CalendarIcon size={18} />, render: () => <AdminHolidaysPanel /> },
  { id: "factions", label: "Factions", icon: <ShieldIcon size={18} />, render: () => <AdminFactionsPanel /> },
  { id: "connexion-ent", label: "Connexion ENT", icon: <LockIcon size={18} />, render: () => <AdminSsoPanel /> },
  { id: "journal", label: "Journal", icon: <BookIcon size={18} />, render: () => <AdminJournalPanel /> },
  { id: "stockage", label: "Espace disque", icon: <DiskIcon size={18} />, render: () => <AdminStoragePanel /> },
  { id: "donnees-personnelles", label: "Données personnelles", icon: <LockIcon size={18} />, render: () => <AdminPrivacyPanel /> },
  { id: "nouvelle-annee", label: "Nouvelle année scolaire", icon: <CalendarIcon size={18} />, render: () => <AdminRolloverPanel /> },
];
