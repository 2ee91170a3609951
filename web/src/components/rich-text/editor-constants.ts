/** Limits and choices of the rich-text editors (task descriptions, pop-ups, patch notes). */
const sizes = (max: number) => Array.from({ length: (max - 14) / 2 + 1 }, (_, i) => 14 + i * 2);
export const FONT_SIZES = sizes(54);
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_COLOR = "#111111";
export const FONTS = [
  "Cobe Heavy",
  "Inter",
  "Georgia",
  "Times New Roman",
  "Arial Black",
  "Courier New",
  "Trebuchet MS",
  "Impact",
  "Roboto",
  "Montserrat",
  "Poppins",
];
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
  "😀",
  "😄",
  "😅",
  "😂",
  "🙂",
  "😉",
  "😍",
  "🤔",
  "😎",
  "😴",
  "😬",
  "😱",
  "🥳",
  "🤯",
  "😢",
  "😡",
  "👍",
  "👎",
  "👏",
  "🙏",
  "💪",
  "👀",
  "✌️",
  "🤝",
  "✅",
  "❌",
  "⚠️",
  "❗",
  "❓",
  "⭐",
  "🔥",
  "💡",
  "📚",
  "📖",
  "📝",
  "✏️",
  "📎",
  "📌",
  "📅",
  "⏰",
  "🎓",
  "🏫",
  "💻",
  "🖥️",
  "📱",
  "🎨",
  "🎬",
  "🎧",
  "📊",
  "📈",
  "🧠",
  "🚀",
  "🎯",
  "🏆",
  "❤️",
  "💙",
  "💚",
  "💛",
  "🎉",
  "☕",
  "🍕",
  "🌟",
];

/** What differs between the editors: the task popup's editor and the admin area's. */
export interface EditorLimits {
  fontSizes: readonly number[];
  imageMaxBytes: number;
  imageTooBig: string;
  /** Widest image in px (typed or by slider). */
  imageMaxWidth: number;
  /** End of the width slider; wider widths, up to imageMaxWidth, are typed. */
  imageSliderMax: number;
  /** What the note under the editor says about images. */
  imageNote: string;
  /** false: no image tool (the server keeps no image in this text). */
  images?: boolean;
}

/** Task descriptions: sizes 14–54, images of 800 KB and up to 900 px. */
export const TASK_EDITOR: EditorLimits = {
  fontSizes: FONT_SIZES,
  imageMaxBytes: IMAGE_MAX_BYTES,
  imageTooBig: IMAGE_TOO_BIG,
  imageMaxWidth: IMAGE_MAX_WIDTH,
  imageSliderMax: IMAGE_SLIDER_MAX,
  imageNote: "800 ko max",
};

/** The admin dashboard's task form: the admin sizes 14–32, task images of 800 KB, slider 80–900. */
export const ADMIN_TASK_EDITOR: EditorLimits = {
  ...TASK_EDITOR,
  fontSizes: sizes(32),
  imageSliderMax: IMAGE_MAX_WIDTH,
};

/** The admin area (pop-ups, patch notes): sizes 14–32, images of 300 KB and up to 592 px. */
export const ADMIN_EDITOR: EditorLimits = {
  fontSizes: sizes(32),
  imageMaxBytes: 300 * 1024,
  imageTooBig: "Image trop lourde (max 300ko). Compressez-la et réessayez.",
  imageMaxWidth: IMAGE_SLIDER_MAX,
  imageSliderMax: IMAGE_SLIDER_MAX,
  imageNote: "300 ko max",
};
