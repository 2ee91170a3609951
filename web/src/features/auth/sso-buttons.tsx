import { useLocation } from "react-router-dom";
import { SSO_ERROR_PAGE } from "@planify/common/constants/sso";
import { useSsoProviders } from "./api/auth-api";
import { rememberSsoStart } from "./sso-start";
import styles from "./sso.module.css";

/** Where the sign-in comes back to: this page, or the homework list from the ENT error page. */
function nextPath(pathname: string, search: string): string {
  return pathname === SSO_ERROR_PAGE ? "/devoirs" : pathname + search;
}

/**
 * « ou », then one button per ENT provider of the school (full-page navigation to the
 * provider); `first`: the buttons open the popup, without « ou » (the password form waits
 * behind « Connexion administrateur »). Nothing at all while the list loads, fails or is
 * empty: the popup stays as it was.
 */
export function SsoButtons({ first = false }: { first?: boolean }) {
  const { pathname, search } = useLocation();
  const { data: providers } = useSsoProviders();
  if (!providers?.length) return null;
  const next = encodeURIComponent(nextPath(pathname, search));
  return (
    <div className={first ? styles.ssoFirst : styles.sso}>
      {!first && (
        <p className={styles.separator}>
          <span>ou</span>
        </p>
      )}
      {providers.map((p) => (
        <a
          key={p.id}
          className={styles.button}
          href={`/api/auth/sso/${encodeURIComponent(p.id)}/start?next=${next}`}
          onClick={() => rememberSsoStart(p.id)}
        >
          <UniversityIcon />
          <span>{p.label}</span>
        </a>
      ))}
    </div>
  );
}

function UniversityIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M3 10 12 4l9 6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" strokeLinecap="round" />
    </svg>
  );
}
