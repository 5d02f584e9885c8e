import type { RxCollection, RxDatabase } from 'rxdb';
import type { AttributeRecord } from '../../schemas/rx/attributes.schema';
import type { CartLine } from '../../schemas/rx/cart.schema';
import type { CategoryRecord } from '../../schemas/rx/categories.schema';
import type { ContentRecord } from '../../schemas/rx/content.schema';
import type { ListEntry } from '../../schemas/rx/lists.schema';
import type { NotificationRecord } from '../../schemas/rx/notifications.schema';
import type { OrderRecord } from '../../schemas/rx/orders.schema';
import type { ProductRecord } from '../../schemas/rx/products.schema';
import type { SyncTaskRecord } from '../../schemas/rx/sync-tasks.schema';

export interface ShopCollections {
  products: RxCollection<ProductRecord>;
  categories: RxCollection<CategoryRecord>;
  attributes: RxCollection<AttributeRecord>;
  content: RxCollection<ContentRecord>;
  cart: RxCollection<CartLine>;
  orders: RxCollection<OrderRecord>;
  sync_tasks: RxCollection<SyncTaskRecord>;
  notifications: RxCollection<NotificationRecord>;
  lists: RxCollection<ListEntry>;
}

export type ShopDatabase = RxDatabase<ShopCollections>;
