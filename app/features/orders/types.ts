// What the order pages' actions answer (the views they render are shared/order-views.ts, the shapes
// `services.orders` answers with).

/** Why approving would break the buyer's credit terms (the payments' credit hold); the approve form asks for an override reason. */
export interface CreditHoldView {
  reasons: { code: string; message: string }[];
}

export interface OrderFormResult {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  code?: string;
  values?: Partial<Record<string, string>>;
  intent?: string;
  /** An uploaded order file (Fill from file): its problems by row, or how many lines it filled. */
  upload?: { file: string | null; problems?: string[]; lines?: number };
}
