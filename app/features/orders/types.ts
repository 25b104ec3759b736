// What the order pages show (the shapes `services.orders` answers with, as the page receives them).
import type { OrderPageAction } from '@shared/order-actions';
import type { OrderSide, OrderStatus } from '@shared/orders';

export interface OrderPartyView {
  id: string | null;
  name: string;
  type: string;
}

export interface OrderSummaryView {
  id: number;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  buyer: OrderPartyView;
  seller: OrderPartyView;
  currency: string;
  totalMinor: number;
  submittedAt: string | null;
  createdAt: string;
}

export interface OrderLineView {
  id: number;
  productName: string;
  caseSize: number;
  casesRequested: number;
  cases: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  modified: boolean;
  modificationReason: string | null;
  /** While the viewer may approve: the cases its stock has available now. */
  availableCases: number | null;
}

export interface TimelineEntryView {
  at: string;
  kind: 'status' | 'message';
  status?: OrderStatus;
  label: string;
  by: string | null;
  side: OrderSide | null;
  text: string | null;
}

export interface OrderDetailView extends OrderSummaryView {
  side: OrderSide;
  actions: OrderPageAction[];
  version: number;
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  note: string;
  decidedAt: string | null;
  decisionReason: string | null;
  cancelReason: string | null;
  items: OrderLineView[];
  timeline: TimelineEntryView[];
}

export interface OrderMessageView {
  id: number;
  body: string;
  by: string | null;
  side: OrderSide;
  createdAt: string;
}

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
}
