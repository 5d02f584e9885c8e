-- The browser database that placed the order (its RxDB storage token, shared by its tabs), when the
-- order says: an order naming a cart another order converted is that order seen again only when the
-- same device placed both. Another device of the customer may order its own lines of the cart.
alter table orders add column device_id text;
