import { createSystem, defaultConfig, defineConfig, defineSlotRecipe } from "@chakra-ui/react";

// Roboto is bundled by @fontsource (imported in app/start-app.tsx), never fetched from a font CDN.
const ROBOTO = "Roboto, 'Segoe UI', Tahoma, 'Noto Naskh Arabic', sans-serif";

/** SPEC section 9: a dialog at z-index 2400 over its overlay at 2000 (Chakra puts both at the popover's). */
const overDialogs = {
  backdrop: { zIndex: "calc({zIndex.overlay} + var(--layer-index, 0))" },
  positioner: { "--dialog-z-index": "zIndex.modal" },
  content: { "--dialog-z-index": "zIndex.modal" },
};
const dialogRecipe = defineSlotRecipe({ slots: ["backdrop", "positioner", "content"], base: overDialogs });
const drawerRecipe = defineSlotRecipe({
  slots: ["backdrop", "positioner", "content"],
  base: {
    backdrop: overDialogs.backdrop,
    positioner: { "--drawer-z-index": "zIndex.modal" },
    content: { "--drawer-z-index": "zIndex.modal" },
  },
});

/**
 * SPEC section 9 colours; "brand" is the primary palette used as the app's colorPalette, and "blue",
 * the palette of the primary actions (save, add, print, convert), draws with it too.
 */
const config = defineConfig({
  globalCss: {
    "html, body": { fontFamily: "body", minHeight: "100%" },
  },
  theme: {
    slotRecipes: { dialog: dialogRecipe, drawer: drawerRecipe },
    tokens: {
      // Popovers, menus and toasts open above dialogs (a select inside a dialog), so they move up with them.
      zIndex: {
        overlay: { value: 2000 },
        modal: { value: 2400 },
        popover: { value: 2500 },
        skipNav: { value: 2600 },
        toast: { value: 2700 },
        tooltip: { value: 2800 },
      },
      fonts: { heading: { value: ROBOTO }, body: { value: ROBOTO } },
      colors: {
        brand: {
          50: { value: "#eef2f7" },
          100: { value: "#d5dde8" },
          200: { value: "#b0bfd3" },
          300: { value: "#8aa0bd" },
          400: { value: "#6782a3" },
          500: { value: "#4A6486" },
          600: { value: "#3e5572" },
          700: { value: "#32455d" },
          800: { value: "#263548" },
          900: { value: "#1a2433" },
          950: { value: "#10171f" },
        },
        danger: { value: "#F75555" },
        darkBg: { value: "#191919" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.500}" },
          contrast: { value: "white" },
          fg: { value: { _light: "{colors.brand.600}", _dark: "{colors.brand.200}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.800}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.700}" } },
          focusRing: { value: "{colors.brand.500}" },
        },
        blue: {
          solid: { value: "{colors.brand.solid}" },
          contrast: { value: "{colors.brand.contrast}" },
          fg: { value: "{colors.brand.fg}" },
          muted: { value: "{colors.brand.muted}" },
          subtle: { value: "{colors.brand.subtle}" },
          emphasized: { value: "{colors.brand.emphasized}" },
          focusRing: { value: "{colors.brand.focusRing}" },
        },
        // Error colour of SPEC for every red/error use (toasts, field errors, Unpaid badges). Red text
        // is darker in light mode: 4.5:1 against white and against the red badges' pale background; on
        // a #F75555 fill the text is dark (white on it is 3.3:1, too little for a button's label).
        red: {
          solid: { value: "{colors.danger}" },
          contrast: { value: "{colors.gray.950}" },
          fg: { value: { _light: "#b42318", _dark: "#ff8a8a" } },
          focusRing: { value: "{colors.danger}" },
        },
        // #F75555 on white is 3.3:1: enough for borders and fills (3:1), not for small text (4.5:1).
        fg: {
          error: { value: { _light: "#b42318", _dark: "#ff8a8a" } },
        },
        border: {
          error: { value: "{colors.danger}" },
        },
        bg: {
          DEFAULT: { value: { _light: "{colors.white}", _dark: "{colors.darkBg}" } },
          panel: { value: { _light: "{colors.white}", _dark: "#222222" } },
          subtle: { value: { _light: "{colors.gray.50}", _dark: "#202020" } },
          muted: { value: { _light: "{colors.gray.100}", _dark: "#262626" } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

export { applyThemeClass } from "./theme-class";
