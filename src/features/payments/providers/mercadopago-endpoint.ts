// The Mercado Pago SDK has no base-URL option: every request is built from one static constant of its
// own. Locally and in tests (never in production, see providerApiBase) that constant points at the
// fake server. This is the only module that touches the SDK's internals; its test fails if they move.
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';

const sdkConfig = AppConfig as { BASE_URL: string };
const PRODUCTION_BASE = sdkConfig.BASE_URL;

/** Send the SDK's requests to `base` (a fake server), or back to Mercado Pago's API with null. */
export function pointMercadoPagoAt(base: URL | null) {
  sdkConfig.BASE_URL = base ? base.origin : PRODUCTION_BASE;
}

/** Where the SDK sends its requests now. */
export function mercadoPagoBase(): string {
  return sdkConfig.BASE_URL;
}
