// Inquiries' public entry: contact messages and business inquiries.
export { createInquiryService, type InquiryService } from './service';
