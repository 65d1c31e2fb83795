// The host's lower layers are part of what `import TrellisHost` gives.
@_exported import TrellisConfig
@_exported import TrellisPlatform
