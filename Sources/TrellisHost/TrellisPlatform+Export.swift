// The host's lowest layer is part of what `import TrellisHost` gives.
@_exported import TrellisPlatform
