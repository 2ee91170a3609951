/** Limits and choices of the task description editor. */
export const FONT_SIZES = Array.from({ length: (54 - 14) / 2 + 1 }, (_, i) => 14 + i * 2);
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_COLOR = "#111111";
export const FONTS = ["Cobe Heavy", "Inter", "Georgia", "Times New Roman", "Arial Black", "Courier New", "Trebuchet MS", "Impact", "Roboto", "Montserrat", "Poppins"];
export const IMAGE_MAX_BYTES = 800 * 1024;
export const IMAGE_TOO_BIG = "Image trop lourde (max 800ko)";
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/svg+xml"];
export const IMAGE_MIN_WIDTH = 80;
export const IMAGE_MAX_WIDTH = 900;
/** The slider covers the usual range of a description column; wider widths are typed. */
export const IMAGE_SLIDER_MAX = 592;
/** The number field accepts typing from 50 (a width below 80 is raised to 80 when applied). */
export const IMAGE_INPUT_MIN = 50;
export const EMOJIS = [
  "😀", "😄", "😅", "😂", "🙂", "😉", "😍", "🤔", "😎", "😴", "😬", "😱", "🥳", "🤯", "😢", "😡",
  "👍", "👎", "👏", "🙏", "💪", "👀", "✌️", "🤝", "✅", "❌", "⚠️", "❗", "❓", "⭐", "🔥", "💡",
  "📚", "📖", "📝", "✏️", "📎", "📌", "📅", "⏰", "🎓", "🏫", "💻", "🖥️", "📱", "🎨", "🎬", "🎧",
  "📊", "📈", "🧠", "🚀", "🎯", "🏆", "❤️", "💙", "💚", "💛", "🎉", "☕", "🍕", "🌟",
];
