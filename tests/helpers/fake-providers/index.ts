// Loopback fakes of the mail vendors' APIs for transport and fallback tests.
export { startFake, type FakeServer, type FailMode } from './server';
export { startBrevoFake, startMailgunFake, startPostmarkFake, startResendFake, type VendorFake } from './vendors';
