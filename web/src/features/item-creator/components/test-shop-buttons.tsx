import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import { Button } from "../../../components/button";
import { useNotify } from "../../../components/notifications";
import { ApiError } from "../../../lib/api";
import { testAdd, testRemove, useCatalogueMutation } from "../api/items-admin";
import { legacyIdForTest } from "../model/validate";

/** A refusal answered by the server says so with its reason; a failed request is the exception text. */
export function testFailure(err: unknown, refused: string, exception: string): string {
  if (err instanceof ApiError && !err.isNetwork) return err.serverMessage ? `${refused} ${err.serverMessage}` : refused;
  return exception;
}

/** Adds the item of this legacy id to today's shop for a test, or takes it out (after a confirmation). */
export function TestShopButtons({
  legacyIdText,
  weekly = false,
  name,
  onDone,
  onFail,
}: {
  legacyIdText: string;
  /** The saved items list says 'boutique hebdo' in its messages; the form speaks of the test. */
  weekly?: boolean;
  name?: string;
  onDone: (text: string) => void;
  onFail: (text: string) => void;
}) {
  const notify = useNotify();
  const add = useCatalogueMutation(testAdd);
  const remove = useCatalogueMutation(testRemove);

  async function onAdd() {
    const id = legacyIdForTest(legacyIdText);
    if (!id.ok) return onFail(id.message);
    try {
      onDone((await add.mutateAsync(id.value)).message || "Ajouté à la boutique du jour.");
    } catch (err) {
      onFail(testFailure(err, weekly ? M.weeklyTestAddFailed : M.testAddFailed, M.testAddError));
    }
  }
  async function onRemove() {
    const id = legacyIdForTest(legacyIdText);
    if (!id.ok) return onFail(id.message);
    const yes = await notify.confirm({
      title: "Retirer de la boutique ?",
      message: `${name ? `« ${name} »` : "Cet item"} ne sera plus proposé dans la boutique du jour.`,
      yes: "Retirer",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      onDone((await remove.mutateAsync(id.value)).message || "Retiré de la boutique du jour.");
    } catch (err) {
      onFail(testFailure(err, weekly ? M.weeklyTestRemoveFailed : M.testRemoveFailed, M.testRemoveError));
    }
  }

  // The visible text starts each name (WCAG 2.5.3); the item's name tells the list's rows apart.
  const label = name ? ` : ${name}` : "";
  return (
    <>
      <Button variant="secondary" size="small" onClick={onAdd} disabled={add.isPending} aria-label={`Tester en boutique${label}`}>
        Tester en boutique
      </Button>
      <Button variant="ghost" size="small" onClick={onRemove} disabled={remove.isPending} aria-label={`Retirer de la boutique${label}`}>
        Retirer de la boutique
      </Button>
    </>
  );
}
