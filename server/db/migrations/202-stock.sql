-- Saleable quantity per sku (products and configurable children). Filled from the catalogue
-- documents by the server (a migration runs before the catalogue is seeded); orders decrement it.
create table stock (
  sku text primary key,
  product_id text,
  parent_sku text,
  qty integer not null check (qty >= 0),
  is_in_stock boolean not null,
  manage_stock boolean not null default true,
  -- The catalogue's own figure when last applied: a re-import overrides qty only when that figure changed.
  catalog_qty integer,
  updated_at timestamptz not null default now()
);

create index stock_parent_sku on stock (parent_sku) where parent_sku is not null;

-- How far (catalogue seq) the stock table has taken in new and changed products.
create table stock_catalog_sync (
  singleton boolean primary key default true check (singleton),
  seq bigint not null
);
