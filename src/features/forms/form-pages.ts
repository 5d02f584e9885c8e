/** The service-form screens, one lazy chunk for the four routes that use them. */
export { CatalogueRequestPage } from './catalog-request-page';
export { ContactPage } from './contact-page';
export { QuoteRequestPage } from './quote-request-page';
export { TradeAccountPage } from './trade-account-page';
export type { QuoteLine, QuoteRequestState } from './quote-start-lines';
