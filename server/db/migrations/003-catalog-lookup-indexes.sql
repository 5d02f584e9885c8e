-- URL mapping and child-to-parent lookups must not scan every product at 100,000 products.
create index catalog_documents_product_children on catalog_documents using gin ((doc->'configurable_children') jsonb_path_ops) where entity = 'product';

create index catalog_documents_product_url_key on catalog_documents ((doc->>'url_key')) where entity = 'product';

create index catalog_documents_product_slug on catalog_documents ((doc->>'slug')) where entity = 'product';
