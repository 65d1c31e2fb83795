/// A planet of the Layout tab: what its table and its notes show.
struct Planet: Equatable {
    let name: String
    let moons: Int
    /// The length of its day, in hours, rounded.
    let day: Int
    let notes: String

    static let all = [
        Planet(
            name: "Mercury", moons: 0, day: 4223,
            notes: "The smallest planet.\nA year of 88 days.\nNo air to speak of.\nIts day is longer than its year."),
        Planet(
            name: "Venus", moons: 0, day: 2802,
            notes: "The hottest planet.\nIt turns the other way.\nClouds of sulphuric acid."),
        Planet(name: "Earth", moons: 1, day: 24, notes: "Home.\nSeven tenths water.\nOne moon, tidally locked."),
        Planet(
            name: "Mars", moons: 2, day: 25,
            notes: "Red with iron oxide.\nTwo small moons.\nThe tallest volcano known.\nDust storms that cover it."),
        Planet(
            name: "Jupiter", moons: 95, day: 10,
            notes: "The largest planet.\nA storm older than telescopes.\nRings, faint ones."),
        Planet(
            name: "Saturn", moons: 146, day: 11, notes: "The ringed planet.\nLess dense than water.\nMost moons of all."
        ),
    ]
}
