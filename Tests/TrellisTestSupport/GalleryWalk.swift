/// A headless script that plays every demo of the default config's launcher, a
/// game of TicTacToe to a win included, and comes back to the launcher after each.
public let everyDemoWalk = """
    tap RIBs: Main → Next
    tap Click Button
    expect Close
    tap Close
    key esc
    tap VIPER: Candy Store
    tap Sweet Candy Store
    expect Chocolate Bar
    key esc
    key esc
    tap Coordinator: Airports
    type seoul
    expect Seoul (KR)
    key esc
    tap Clean Swift: Repositories
    expect uber/RIBs
    key esc
    tap RIBs tutorial: TicTacToe
    focus Player 1 name
    type Alice
    tap Login
    tap Start Game
    tap 1
    tap 4
    tap 2
    tap 5
    tap 3
    expect Alice won

    """
