/** Public contact points shown in the footer, on the contact page and in the legal documents. */
export const CONTACT_EMAIL = "contact@planify.fr";
export const VIDEO_CHANNEL_URL = "https://www.youtube.com/@planify";
