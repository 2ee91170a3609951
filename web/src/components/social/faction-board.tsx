import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import { FACTION_SWITCH_COST, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { UserCoinsResponse } from "@planify/common/schemas/economy";
import type { FactionLeaderboardResponse } from "@planify/common/schemas/social";
import { COINS_KEYS } from "../../lib/economy/coins-api";
import { useFactionBoard } from "../../lib/social/social-api";
import { joinErrorText, useJoinFaction } from "../../lib/social/social-mutations";
import { factionName } from "../../lib/social/social-rules";
import { useSession } from "../../lib/use-session";
import { useNotify } from "../notifications";
import { FactionColumn } from "./faction-column";
import { BoardError } from "./ranked-list";
import styles from "./faction-board.module.css";

type Result = { tone: "success" | "error"; text: string } | null;

function membersOf(board: FactionLeaderboardResponse, f: Faction) {
  return f === "Bagnat" ? board.bagnatTopUsers : board.fermierTopUsers;
}
function myEntry(board: FactionLeaderboardResponse, f: Faction) {
  return f === "Bagnat" ? board.currentUserBagnat : board.currentUserFermier;
}

/**
 * The factions view (shop Leaderboard tab and /factions page): two columns, Bagnat and
 * Fermier, with totals, members and join buttons. A switch asks first, with its cost and the
 * balance it leaves; the answer is announced in a live region.
 */
export function FactionBoard({ spelling = "app", headingLevel = 3 }: { spelling?: "app" | "page"; headingLevel?: 2 | 3 }) {
  const client = useQueryClient();
  const notify = useNotify();
  const session = useSession();
  const board = useFactionBoard();
  const join = useJoinFaction();
  const [result, setResult] = useState<Result>(null);
  const data = board.data;
  const mine = (data ? data.myFaction : (session?.user.faction as Faction | null | undefined)) ?? null;

  async function onJoin(target: Faction) {
    setResult(null);
    if (mine === target || join.isPending) return;
    if (mine) {
      const cost = data?.switchCost || FACTION_SWITCH_COST;
      const balance = client.getQueryData<UserCoinsResponse>(COINS_KEYS.balance)?.coins;
      // Same rule and words as the server: no confirmation for a switch that cannot be paid.
      if (balance !== undefined && balance < cost) return setResult({ tone: "error", text: SOCIAL_MESSAGES.factionSwitchTooPoor });
      const ok = await notify.confirm({
        title: "Changer de faction ?",
        message: (
          <>
            <p>
              Quitter {factionName(mine, spelling)} pour {factionName(target, spelling)} coûte{" "}
              <strong>{cost.toLocaleString("fr-FR")} Planify Coins</strong>, et tes coins de faction repartent de 0.
            </p>
            {balance !== undefined && (
              <p>
                Ton solde passera de {balance.toLocaleString("fr-FR")} à <strong>{(balance - cost).toLocaleString("fr-FR")} coins</strong>.
              </p>
            )}
          </>
        ),
        yes: `Payer ${cost} coins`,
        no: "Annuler",
      });
      if (!ok) return;
    }
    join.mutate(target, {
      onSuccess: (r) => setResult({ tone: "success", text: r.message }),
      onError: (e) => setResult({ tone: "error", text: joinErrorText(e) }),
    });
  }

  if (board.isError && !data) {
    return <BoardError message="Impossible de charger les factions." onRetry={() => void board.refetch()} retrying={board.isFetching} />;
  }
  return (
    <div className={styles.board}>
      <div className={styles.result} role="status" aria-live="polite" data-testid="faction-join-result">
        {result && <p className={styles[result.tone]}>{result.text}</p>}
      </div>
      <div className={styles.columns}>
        {FACTIONS.map((f) => (
          <FactionColumn
            key={f}
            faction={f}
            spelling={spelling}
            summary={data?.factions.find((s) => s.name === f) ?? null}
            members={data ? membersOf(data, f) : null}
            me={data ? myEntry(data, f) : null}
            myId={session?.user.id}
            isMine={mine === f}
            pending={join.isPending && join.variables === f}
            busy={join.isPending}
            onJoin={() => void onJoin(f)}
            headingLevel={headingLevel}
          />
        ))}
      </div>
    </div>
  );
}
