/// The store, as the API worker returns it.
struct StoreEntity {
    let storeName: String
    let storeImage: String
}

/// A candy on sale.
struct CandyEntity {
    let name: String
    let price: Int
}

/// Where the store and its candies come from.
protocol APIStoreWorkerProtocol {
    func fetchCandyStore(_ completion: (StoreEntity) -> Void)
    func fetchCandies(_ completion: ([CandyEntity]) -> Void)
}

/// The store's data, kept locally: the demo has no network.
struct LocalStoreDataSource {
    let store = StoreEntity(storeName: "Sweet Candy Store", storeImage: "candy_store")
    let candies = [
        CandyEntity(name: "Chocolate Bar", price: 1200),
        CandyEntity(name: "Gummy Bears", price: 900),
        CandyEntity(name: "Lollipop", price: 500),
        CandyEntity(name: "Marshmallow", price: 700),
        CandyEntity(name: "Peppermint Drops", price: 800),
    ]
}

struct StoreAPIWorker: APIStoreWorkerProtocol {
    let dataSource = LocalStoreDataSource()

    func fetchCandyStore(_ completion: (StoreEntity) -> Void) {
        completion(dataSource.store)
    }

    func fetchCandies(_ completion: ([CandyEntity]) -> Void) {
        completion(dataSource.candies)
    }
}
