// Constants of the staff inquiries screens (both kinds of public form), without the validation library.
export const INQUIRY_KINDS = ['contact', 'business'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];
export const INQUIRY_STATUSES = ['new', 'in_progress', 'done'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = { new: 'New', in_progress: 'In progress', done: 'Done' };
