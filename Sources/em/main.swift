import ObjectGraph

// The planner's command line arrives with the em issue; for now it only proves the build.
print("em: the EURO planner (ObjectGraph \(ObjectGraphInfo.version))")
