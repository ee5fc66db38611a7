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
        serif: ["ui-serif", "Georgia", "Cambria", "Times New Roman", "serif"],
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
      },
    },
  },
} satisfies Config;
