import type { Kysely, Migration } from 'kysely';
import * as foundation from './001_foundation.ts';
import * as events from './010_events.ts';
import * as catalogue from './020_catalogue.ts';
import * as auth from './030_auth.ts';
import * as cart from './040_cart.ts';
import * as security from './045_security.ts';
import * as orders from './050_orders.ts';
import * as checkout from './055_checkout.ts';
import * as orderCare from './060_order_care.ts';
import * as reviews from './070_reviews.ts';
import * as content from './080_content.ts';
import * as reliability from './090_reliability.ts';
import * as money from './100_money.ts';
import * as accountSecurity from './110_account_security.ts';
import * as paymentIssues from './140_payment_issues.ts';
import * as reportingKeys from './150_reporting_keys.ts';
import * as staff from './170_staff.ts';
import * as staffAccounts from './410_staff_accounts.ts';
import * as uploadLimits from './190_upload_limits.ts';
import * as transactionalMessages from './210_transactional_messages.ts';
import * as refundReports from './220_refund_reports.ts';
import * as reviewModeration from './230_review_moderation.ts';
import * as consoleCatalogue from './200_console_catalogue.ts';
import * as promotionTerms from './180_promotion_terms.ts';
import * as consolePromotions from './250_console_promotions.ts';
import * as productImages from './260_product_images.ts';
import * as savedCards from './270_saved_cards.ts';
import * as stockOnlyUpdates from './280_stock_only_updates.ts';
import * as customerUnpaidOrders from './290_customer_unpaid_orders.ts';
import * as pincodeDirectory from './300_pincode_directory.ts';
import * as productDeclarations from './340_product_declarations.ts';
import * as grievances from './360_grievances.ts';
import * as gstInvoices from './350_gst_invoices.ts';
import * as consentRecords from './330_consent_records.ts';
import * as couponVersions from './400_coupon_versions.ts';
import * as metricsIndexes from './420_metrics_indexes.ts';
import * as accountFreeze from './485_account_freeze.ts';

// Migrations in order; the key is the name recorded in kysely_migration. Append new files here.
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation as { up: (db: Kysely<unknown>) => Promise<void> },
  '010_events': events as { up: (db: Kysely<unknown>) => Promise<void> },
  '020_catalogue': catalogue as { up: (db: Kysely<unknown>) => Promise<void> },
  '030_auth': auth as { up: (db: Kysely<unknown>) => Promise<void> },
  '040_cart': cart as { up: (db: Kysely<unknown>) => Promise<void> },
  '045_security': security as { up: (db: Kysely<unknown>) => Promise<void> },
  '050_orders': orders as { up: (db: Kysely<unknown>) => Promise<void> },
  '055_checkout': checkout as { up: (db: Kysely<unknown>) => Promise<void> },
  '060_order_care': orderCare as { up: (db: Kysely<unknown>) => Promise<void> },
  '070_reviews': reviews as { up: (db: Kysely<unknown>) => Promise<void> },
  '080_content': content as { up: (db: Kysely<unknown>) => Promise<void> },
  '090_reliability': reliability as { up: (db: Kysely<unknown>) => Promise<void> },
  '100_money': money as { up: (db: Kysely<unknown>) => Promise<void> },
  '110_account_security': accountSecurity as { up: (db: Kysely<unknown>) => Promise<void> },
  '140_payment_issues': paymentIssues as { up: (db: Kysely<unknown>) => Promise<void> },
  '150_reporting_keys': reportingKeys as { up: (db: Kysely<unknown>) => Promise<void> },
  '170_staff': staff as { up: (db: Kysely<unknown>) => Promise<void> },
  '190_upload_limits': uploadLimits as { up: (db: Kysely<unknown>) => Promise<void> },
  '210_transactional_messages': transactionalMessages as { up: (db: Kysely<unknown>) => Promise<void> },
  '220_refund_reports': refundReports as { up: (db: Kysely<unknown>) => Promise<void> },
  '230_review_moderation': reviewModeration as { up: (db: Kysely<unknown>) => Promise<void> },
  '200_console_catalogue': consoleCatalogue as { up: (db: Kysely<unknown>) => Promise<void> },
  '180_promotion_terms': promotionTerms as { up: (db: Kysely<unknown>) => Promise<void> },
  '250_console_promotions': consolePromotions as { up: (db: Kysely<unknown>) => Promise<void> },
  '260_product_images': productImages as { up: (db: Kysely<unknown>) => Promise<void> },
  '270_saved_cards': savedCards as { up: (db: Kysely<unknown>) => Promise<void> },
  '280_stock_only_updates': stockOnlyUpdates as { up: (db: Kysely<unknown>) => Promise<void> },
  '290_customer_unpaid_orders': customerUnpaidOrders as { up: (db: Kysely<unknown>) => Promise<void> },
  '300_pincode_directory': pincodeDirectory as { up: (db: Kysely<unknown>) => Promise<void> },
  '340_product_declarations': productDeclarations as { up: (db: Kysely<unknown>) => Promise<void> },
  '360_grievances': grievances as { up: (db: Kysely<unknown>) => Promise<void> },
  '350_gst_invoices': gstInvoices as { up: (db: Kysely<unknown>) => Promise<void> },
  '330_consent_records': consentRecords as { up: (db: Kysely<unknown>) => Promise<void> },
  '400_coupon_versions': couponVersions as { up: (db: Kysely<unknown>) => Promise<void> },
  '410_staff_accounts': staffAccounts as { up: (db: Kysely<unknown>) => Promise<void> },
  '420_metrics_indexes': metricsIndexes as { up: (db: Kysely<unknown>) => Promise<void> },
  '485_account_freeze': accountFreeze as { up: (db: Kysely<unknown>) => Promise<void> },
};
