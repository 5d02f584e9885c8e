-- What the order that converted a cart took of each line (line key "sku|checksum" -> quantity): it
-- takes no more of a line than its device knows reached the cart, so a later order naming the cart
-- (another device's) finds the rest of the line there. Null for carts converted before: their order
-- was taken to have taken all it held.
alter table carts add column converted_taken jsonb;
