/**
 * The screen at / (the dashboard), in one place for the two that load it: the route table, and the
 * entry (main.tsx), which asks for it beside the app's chunk because the installed app opens there
 * (the manifest's start_url). A tiny module on purpose: the entry imports it, not the route table.
 */
export const ROOT_PATH = "/";

export const loadRootScreen = () => import("../features/dashboard/dashboard-page");
