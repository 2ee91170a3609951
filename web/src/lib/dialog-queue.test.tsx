import { afterEach, describe, expect, it } from "vitest";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useDialogTurn } from "./dialog-queue";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const wants: Record<string, (v: boolean) => void> = {};

/** A dialog that shows its name while it has the turn. */
function Probe({ name, initially }: { name: string; initially: boolean }) {
  const [wanted, setWanted] = useState(initially);
  wants[name] = setWanted;
  return useDialogTurn(wanted) ? <p>{name}</p> : null;
}

function Page({ withQuestions }: { withQuestions: boolean }) {
  return (
    <>
      {withQuestions && <Probe key="q" name="questions" initially={false} />}
      <Probe key="a" name="annonce" initially={false} />
    </>
  );
}

async function mount() {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Page withQuestions />));
  return () => [...host.querySelectorAll("p")].map((p) => p.textContent);
}

describe("dialog queue", () => {
  it("shows one dialog at a time, the next one after the first closes", async () => {
    const shown = await mount();
    await act(async () => wants.questions!(true));
    expect(shown()).toEqual(["questions"]);
    await act(async () => wants.annonce!(true));
    expect(shown()).toEqual(["questions"]);
    await act(async () => wants.questions!(false));
    expect(shown()).toEqual(["annonce"]);
    await act(async () => wants.annonce!(false));
    expect(shown()).toEqual([]);
  });

  it("keeps the order of asking, whatever the order on the page", async () => {
    const shown = await mount();
    await act(async () => wants.annonce!(true));
    await act(async () => wants.questions!(true));
    expect(shown()).toEqual(["annonce"]);
    await act(async () => wants.annonce!(false));
    expect(shown()).toEqual(["questions"]);
  });

  it("gives the turn on when the dialog holding it unmounts", async () => {
    const shown = await mount();
    await act(async () => wants.questions!(true));
    await act(async () => wants.annonce!(true));
    await act(async () => root!.render(<Page withQuestions={false} />));
    expect(shown()).toEqual(["annonce"]);
  });
});
