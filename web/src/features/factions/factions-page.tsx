import { GuestPage } from "../../components/guest-page";
import { Page } from "../../components/page";
import { FactionBoard } from "../../components/social/faction-board";
import { Tabs } from "../../components/tabs";
import { useSession } from "../../lib/use-session";
import { SeasonBanner } from "./season-banner";
import { SeasonHistory } from "./season-history";

const TITLE = "Factions";
const INTRO = "Deux camps s'affrontent dans Planify. Les Planify Coins que gagnent leurs membres font grimper le total de leur faction.";

/**
 * /factions: the season, both factions (this page spells the first one "Bagna") with their
 * join buttons and members, and the closed seasons. Guests get the login prompt instead.
 */
export function FactionsPage() {
  const session = useSession();
  if (!session) {
    return (
      <GuestPage
        title={TITLE}
        intro={INTRO}
        prompt="Connectez-vous pour rejoindre une faction"
        features={[
          "Rejoindre Bagna ou Fermier (le premier choix est gratuit)",
          "Faire grimper le total de ta faction avec tes Planify Coins",
          "Voir les membres, le classement et les podiums des saisons passées",
        ]}
      />
    );
  }
  return (
    <Page title={TITLE} eyebrow="Bagna contre Fermier" intro={INTRO}>
      <SeasonBanner />
      <Tabs
        label="Saisons"
        items={[
          { id: "current", label: "Saison en cours", content: <FactionBoard spelling="page" headingLevel={2} /> },
          { id: "past", label: "Saisons passées", content: <SeasonHistory /> },
        ]}
      />
    </Page>
  );
}
