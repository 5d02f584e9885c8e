/** A menu entry as the header and sidebar show it (built by the app from the category tree). */
export interface MenuNode {
  id: number;
  name: string;
  to: string;
  children: MenuNode[];
}

/** SPEC §9: submenu path pop delay. */
export const SUBMENU_DELAY_MS = 300;
