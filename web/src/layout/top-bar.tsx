import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink as RouterLink, useLocation } from "react-router-dom";
import { Button } from "../components/button";
import { CloseIcon, GaugeIcon, MenuIcon } from "../components/icons";
import { useMemberFrame } from "../lib/member-frame";
import { useSession } from "../lib/use-session";
import { useAuthDialogs } from "../lib/login-dialog";
import { useNavigationPending } from "../lib/navigation-pending";
import { Logo } from "./logo";
import { NAV_LINKS } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";
import styles from "./top-bar.module.css";

const MOBILE_QUERY = "(max-width: 1024px)";
// Coins, wheel and account menu (with the item art and the menu primitives) load only for a
// member; until they arrive, a placeholder of their size keeps the bar from jumping.
const MemberWidgets = lazy(() => import("./member-widgets"));

function MemberWidgetsPlaceholder() {
  return (
    <span className={styles.memberPlaceholder} aria-hidden="true" data-testid="member-widgets-loading">
      <span className={styles.pillPlaceholder} />
      <span className={styles.wheelPlaceholder} />
      <span className={styles.wheelPlaceholder} />
      <span className={styles.avatarPlaceholder} />
    </span>
  );
}

export interface TopBarProps {
  /** Shows the dot on the About link (a newer patch note exists). */
  aboutDot?: boolean;
}

function NavItems({ member, aboutDot, className }: { member: boolean; aboutDot: boolean; className?: string }) {
  return (
    <ul className={className}>
      {NAV_LINKS.filter((l) => member || !l.membersOnly).map((l) => (
        <li key={l.to}>
          <RouterLink
            to={l.to}
            end={l.to === "/"}
            className={({ isActive }) => [styles.link, isActive && styles.active].filter(Boolean).join(" ")}
          >
            {l.label}
            {l.dotKey === "about" && aboutDot && (
              <span className={styles.dot} data-testid="about-dot">
                <span className="visually-hidden"> (nouvelle mise à jour)</span>
              </span>
            )}
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

/** The top bar of every page: links, admin button, theme, coins, account or login. */
export function TopBar({ aboutDot = false }: TopBarProps) {
  const session = useSession();
  const user = session?.user ?? null;
  // The build's frame of a member's page: a member's links and the widgets' room, no one's data.
  const memberFrame = useMemberFrame();
  const member = !!user || memberFrame;
  const { openLogin, preload } = useAuthDialogs();
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const loading = useNavigationPending();

  // The burger menu closes on navigation, on Escape and when the window grows past 1024 px.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    const query = window.matchMedia(MOBILE_QUERY);
    const onResize = () => !query.matches && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    query.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKey);
      query.removeEventListener("change", onResize);
    };
  }, [menuOpen]);

  return (
    <header className={styles.bar}>
      <div className={[styles.inner, member && styles.member].filter(Boolean).join(" ")}>
        <Logo />
        <nav aria-label="Navigation principale" className={styles.desktopNav}>
          <NavItems member={member} aboutDot={aboutDot} className={styles.links} />
        </nav>
        <div className={styles.actions}>
          {user?.isAdmin && (
            <Link to="/admin" className={`${styles.adminButton} ${styles.desktopOnly}`} title="Admin Dashboard">
              <GaugeIcon size={18} /> <span className={styles.adminLabel}>Admin Dashboard</span>
            </Link>
          )}
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<MemberWidgetsPlaceholder />}>
              <MemberWidgets user={user} />
            </Suspense>
          ) : member ? (
            <MemberWidgetsPlaceholder />
          ) : (
            <Button
              size="small"
              onClick={() => openLogin()}
              onPointerEnter={preload}
              onFocus={preload}
              onTouchStart={preload}
              className={styles.loginButton}
            >
              Se connecter
            </Button>
          )}
          <button
            ref={burgerRef}
            type="button"
            className={`${styles.iconButton} ${styles.burger}`}
            aria-label={menuOpen ? "Fermer le menu" : `Ouvrir le menu${aboutDot ? " (nouvelle mise à jour)" : ""}`}
            aria-expanded={menuOpen}
            aria-controls="menu-mobile"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
            {/* On a phone the About link hides in the menu: the menu button carries its dot. */}
            {aboutDot && !menuOpen && <span className={`${styles.dot} ${styles.burgerDot}`} aria-hidden="true" />}
          </button>
        </div>
      </div>
      {loading && <div className={styles.progress} role="progressbar" aria-label="Chargement de la page" />}
      {menuOpen && <div className={styles.scrim} onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <nav id="menu-mobile" aria-label="Menu principal" className={styles.mobileNav} hidden={!menuOpen}>
        <NavItems member={member} aboutDot={aboutDot} className={styles.mobileLinks} />
        {user?.isAdmin && (
          <Link to="/admin" className={styles.adminButton}>
            <GaugeIcon size={18} /> Admin Dashboard
          </Link>
        )}
      </nav>
    </header>
  );
}
