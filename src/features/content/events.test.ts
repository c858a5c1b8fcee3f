import { CatalogueEvent, type DomainEvent, events$ } from '../../../events/index.ts';
import {
  report,
  retailerFormFailed,
  retailerFormSubmitted,
  retailerFormViewed,
  storeCitySelected,
  storeContactClicked,
  storeLocatorViewed,
} from './events.ts';

// The store locator and retailer events (events/catalogue.ts): their payloads, valid against the catalogue, and
// what reaches the bus when a page reports them.
const store = { id: 7, name: 'Kasrat Mumbai Central', city: 'Mumbai' };

test('store locator events carry the city and the store contacted', () => {
  expect(storeLocatorViewed()).toEqual({ name: 'store_locator_viewed' });
  expect(storeLocatorViewed('mumbai')).toEqual({ name: 'store_locator_viewed', city: 'mumbai' });
  expect(storeCitySelected('Mumbai')).toEqual({ name: 'store_city_selected', city: 'Mumbai' });
  expect(storeContactClicked(store, 'call')).toEqual({
    name: 'store_contact_clicked',
    store_id: 7,
    store_name: 'Kasrat Mumbai Central',
    city: 'Mumbai',
    action: 'call',
  });
  expect(storeContactClicked(store, 'directions').action).toBe('directions');
});

test('retailer form events: viewed, submitted with the city, failed with the first message (capped)', () => {
  expect(retailerFormViewed()).toEqual({ name: 'retailer_form_viewed' });
  expect(retailerFormSubmitted('Pune')).toEqual({ name: 'retailer_form_submitted', city: 'Pune' });
  expect(retailerFormFailed('Please enter a 10 digit mobile number')).toEqual({
    name: 'retailer_form_failed',
    reason: 'Please enter a 10 digit mobile number',
  });
  expect(retailerFormFailed('x'.repeat(900)).reason).toHaveLength(500);
});

test('every content event validates against the event catalogue and reaches the bus as built', () => {
  const built = [
    storeLocatorViewed('delhi'),
    storeCitySelected('New Delhi'),
    storeContactClicked(store, 'directions'),
    retailerFormViewed(),
    retailerFormSubmitted('Pune'),
    retailerFormFailed('Please enter full name'),
  ];
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  for (const event of built) {
    expect(CatalogueEvent.safeParse(event).success).toBe(true);
    report(event);
  }
  sub.unsubscribe();
  expect(seen.map((e) => e.event)).toEqual(built);
});
