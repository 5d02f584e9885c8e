-- Key/value facts about this shop's database (seeded flag, generated secrets).
create table meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Every catalogue entity (product, category, attribute, taxrule, cms_page, cms_block, blog_post, banner)
-- as its API document. `seq` orders changes for replication: writers hold one advisory lock, so
-- the sequence order is the commit order and a checkpoint never skips a late commit.
create sequence catalog_seq;

create table catalog_documents (
  entity text not null,
  id text not null,
  seq bigint not null,
  doc jsonb not null,
  deleted boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (entity, id)
);

create index catalog_documents_seq on catalog_documents (seq);

create index catalog_documents_product_sku on catalog_documents ((doc->>'sku')) where entity = 'product';

create index catalog_documents_url_path on catalog_documents ((doc->>'url_path'));
