-- The order feed's change numbers move to a narrow table of their own. Numbering a change updated the
-- wide order row, and because change_seq is indexed that wrote a new version of the row and of every
-- one of its index entries; now a change writes one small row (server/order/order-changes.ts).
create table order_feed (
  order_id text primary key references orders (order_id) on delete cascade,
  change_seq bigint not null
);

insert into order_feed (order_id, change_seq) select order_id, change_seq from orders where change_seq is not null;

create unique index order_feed_change_seq on order_feed (change_seq);

drop index orders_change_seq;

alter table orders drop column change_seq;

-- A new order's last change is its creation; a status change sets it (change-order-status.ts).
update orders set updated_at = created_at where updated_at is null;

alter table orders alter column updated_at set default now();
