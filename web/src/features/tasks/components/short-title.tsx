import { truncateTitle } from "../model/format";

/**
 * A task title cut at 23 characters on screen (spec) whose accessible name stays the whole
 * title; the element holding it carries the whole title as its tooltip (`title`).
 */
export function ShortTitle({ title }: { title: string }) {
  const short = truncateTitle(title);
  if (short === title) return <>{title}</>;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{title}</span>
    </>
  );
}
