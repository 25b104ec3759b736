import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES } from '@shared/inquiry-constants';
import { SHIPMENT_STATUSES } from '@shared/invoicing';
import { PRODUCT_STATUSES } from '@shared/limits-catalog';
import { MARKETING_REQUEST_STATUSES } from '@shared/marketing-request-constants';
import { ORDER_STATUSES } from '@shared/orders';
import { PAGE_STATUSES } from '@shared/page-constants';
import { ORGANISATION_STATUSES } from '@shared/partners';
import { statusInSentence, statusLabel } from '@shared/status-labels';
import { USER_STATUSES } from '@shared/users-admin-constants';
import { StatusBadge } from './list';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('status labels', () => {
  it('a badge with no label of its own says the status as the UI writes it, never the stored value', () => {
    expect(text(renderToStaticMarkup(<StatusBadge status="published" />))).toBe('Published');
    expect(text(renderToStaticMarkup(<StatusBadge status="draft" />))).toBe('Draft');
    expect(text(renderToStaticMarkup(<StatusBadge status="in_progress" />))).toBe('In progress');
    expect(text(renderToStaticMarkup(<StatusBadge status="partially_paid" />))).toBe('Partially paid');
    expect(text(renderToStaticMarkup(<StatusBadge status="closed" />))).toBe('Closed');
  });

  it('every status of every document has a capitalised label without underscores', () => {
    const all = [
      ...ORDER_STATUSES,
      ...SHIPMENT_STATUSES,
      ...PRODUCT_STATUSES,
      ...PAGE_STATUSES,
      ...USER_STATUSES,
      ...ORGANISATION_STATUSES,
      ...INQUIRY_STATUSES,
      ...MARKETING_REQUEST_STATUSES,
      'pending',
      'settled',
      'failed',
      'open',
      'assigned',
      'closed',
      'paid',
      'overdue',
    ];
    for (const s of all) expect(statusLabel(s), s).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/);
    expect(statusInSentence('in_transit')).toBe('in transit');
  });
});
