import type { UserRole } from "~/db/schema";

/** The signed-in visitor as pages see it (the root loader hands it to the layout). */
export type CurrentUser = { id: string; email: string; firstName: string; role: UserRole };
