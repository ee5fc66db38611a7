import type { Config } from "tailwindcss";

// Loaded by app/tailwind.css through `@config`; Tailwind 4 finds the sources itself.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#fdf4f5",
          100: "#fbe8eb",
          200: "#f5cdd4",
          300: "#eba5b2",
          500: "#c25b72",
          600: "#a3405a",
          700: "#87324a",
          800: "#6f2b3f",
          900: "#4a1d2a",
        },
        ink: {
          DEFAULT: "#1f1a1c",
          muted: "#5b5256",
        },
        sand: {
          50: "#faf7f4",
          100: "#f3ede6",
          200: "#e7dccf",
        },
      },
      fontFamily: {
        // Headings: the self-hosted display face, then its metric-matched fallback (app/tailwind.css).
        serif: [
          "Bodoni Moda",
          "Bodoni Moda Fallback",
          "Bodoni Moda Fallback Noto",
          "Bodoni Moda Fallback DejaVu",
          "Georgia",
          "serif",
        ],
        // Body: each platform's own interface face (San Francisco, Segoe UI, Roboto), no download.
        sans: [
          "system-ui",
          "-apple-system",
          "BlinkMacSystemFont",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "Noto Sans",
          "sans-serif",
          "Apple Color Emoji",
          "Segoe UI Emoji",
          "Noto Color Emoji",
        ],
      },
    },
  },
} satisfies Config;
