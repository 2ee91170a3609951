import { useQuery } from "@tanstack/react-query";
import { Page } from "../../components/page";
import { QueryError, QueryLoading } from "../../components/query-state";
import { answerOf, apiClientWith } from "../../lib/api/client";
import styles from "./legal-page.module.css";

/**
 * « Politique de confidentialité » (/confidentialite): the text the server builds from the
 * school's settings (controller, DPO, retention, cookies), so it always says what is configured.
 */
export function PrivacyPage() {
  const notice = useQuery({
    queryKey: ["privacy", "notice"],
    queryFn: ({ signal }) => answerOf(apiClientWith({ anonymous: true }).GET("/api/privacy/notice", { signal })),
  });
  const text = notice.data?.notice;
  return (
    <Page title="Politique de confidentialité" eyebrow="Données personnelles" intro={text?.subtitle}>
      {notice.isPending && <QueryLoading />}
      {notice.isError && (
        <QueryError
          text="Impossible de lire la politique de confidentialité."
          error={notice.error}
          onRetry={notice.refetch}
          retrying={notice.isFetching}
        />
      )}
      {text && (
        <article className={styles.text}>
          {text.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {text.sections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              {section.body.map((block, i) =>
                typeof block === "string" ? (
                  <p key={block}>{block}</p>
                ) : (
                  <ul key={i}>
                    {block.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
        </article>
      )}
    </Page>
  );
}
