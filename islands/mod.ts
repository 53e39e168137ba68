/** Every island by name, loaded on demand (one chunk each). The server renders the same names. */
import type { ComponentType } from "preact";

type Loader = () => Promise<{ default: ComponentType<any> }>;

export const islands: Record<string, Loader> = {
  MenuToggle: () => import("./MenuToggle.tsx"),
  RequestLoader: () => import("./RequestLoader.tsx"),
  Toaster: () => import("./Toaster.tsx"),
  LogoutButton: () => import("./LogoutButton.tsx"),
};
